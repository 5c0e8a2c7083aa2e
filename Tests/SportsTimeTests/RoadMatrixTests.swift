import Foundation
import Testing

@testable import SportsTime

@Suite("Road matrix import and the estimator's overlay")
struct RoadMatrixTests {
    @Test("Good rows are kept, bad rows are reported with their line and reason")
    func importReportsBadRows() throws {
        let files = try #require(TBFP2019.files)
        let csv = """
            from,to,minutes,miles,note
            fenway-park,yankee-stadium,215.5,195.2,by id
            Fenway Park,Citi Field,220,190,by name
            "Yankee Stadium",fenway-park,216,196,quoted
            nowhere-park,fenway-park,100,90,unknown
            fenway-park,fenway-park,10,5,itself
            fenway-park,pnc-park,-3,500,negative
            fenway-park,pnc-park,abc,500,not a number
            fenway-park,petco-park,60,3000,too fast

            fenway-park,yankee-stadium,214,195,again
            """
        let result = RoadMatrixImport.read(csv: csv, catalog: files.catalog)
        #expect(result.legs.count == 3)
        #expect(result.legs.first == RoadLeg(from: "fenway-park", to: "yankee-stadium", minutes: 214, miles: 195))
        #expect(result.legs[1].to == "citi-field")
        #expect(result.problems.map(\.line) == [2, 5, 6, 7, 8, 9])
        #expect(result.problems[1].message.contains("unknown venue"))
        #expect(result.problems[5].message.contains("over 100 mph"))
        #expect(result.problems[0].message.contains("again on line 11"))
    }

    @Test("A file without the needed columns is one problem, not a crash")
    func badHeader() throws {
        let files = try #require(TBFP2019.files)
        #expect(RoadMatrixImport.read(csv: "a,b\n1,2", catalog: files.catalog).problems.count == 1)
        #expect(RoadMatrixImport.read(csv: "", catalog: files.catalog).problems.first?.message == "empty file")
    }

    @Test("The estimator uses the matrix where it has a leg, estimates elsewhere, and does not encode it")
    func overlay() throws {
        let files = try #require(TBFP2019.files)
        let fenway = try #require(files.catalog.venue("fenway-park")).coordinate
        let bronx = try #require(files.catalog.venue("yankee-stadium")).coordinate
        let plain = TravelEstimator()
        let withRoads = plain.with(roads: files.roadMatrix)
        let leg = withRoads.leg(from: fenway, to: bronx)
        let row = try #require(files.roads.first { $0.from == "fenway-park" && $0.to == "yankee-stadium" })
        #expect(leg.miles == row.miles)
        #expect(abs(leg.drivingHours - row.minutes / 60) < 1e-12)
        let elsewhere = Coordinate(latitude: 45, longitude: -100)
        #expect(withRoads.leg(from: fenway, to: elsewhere) == plain.leg(from: fenway, to: elsewhere))
        let json = String(decoding: try JSONEncoder().encode(withRoads), as: UTF8.self)
        #expect(json.count < 200)
        let decoded = try JSONDecoder().decode(TravelEstimator.self, from: Data(json.utf8))
        #expect(decoded.roads == nil)
        #expect(decoded == plain)
    }
}

@Suite("Estimator calibration on a road matrix")
struct EstimatorCalibrationTests {
    @Test("Fitting on the 2019 OSRM matrix lowers the error of the hours")
    func calibrates() throws {
        let files = try #require(TBFP2019.files)
        let calibration = try #require(TravelEstimatorCalibration.fit(legs: files.roads, catalog: files.catalog))
        #expect(calibration.before.legs == 870)
        #expect(calibration.after.meanHoursError < calibration.before.meanHoursError)
        #expect(calibration.after.meanHoursError < 0.12)
        #expect(calibration.estimator.roadFactor > 1 && calibration.estimator.roadFactor < 1.5)
        #expect((calibration.estimator.speedBands?.count ?? 0) >= 3)
        print(
            "calibration: before \(calibration.before), after \(calibration.after), estimator \(calibration.estimator)")
    }
}
