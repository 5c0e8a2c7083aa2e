import ArgumentParser
import Foundation
import JustZone2
import JustZone2Server

struct Zone2Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zone2", abstract: "JustZone2 tools: decode trainer data, analyse rides.",
        subcommands: [Decode.self, Analyze.self])

    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode one Bluetooth characteristic value to JSON (FTMS, heart rate, cycling power).",
            discussion: "Example: clubhouse zone2 decode 2AD2 '44 00 8C 0A 5A 00 96 00' (27 km/h, 45 rpm, 150 W)")

        @Argument(help: "Characteristic UUID, e.g. 2AD2 (Indoor Bike Data), 2AD9, 2ADA, 2ACC, 2AD8, 2A37, 2A63.")
        var characteristic: String

        @Argument(help: "The value in hex; spaces and colons are allowed.")
        var hex: [String]

        func run() async throws {
            do {
                print(try Zone2Tools.decode(characteristic: characteristic, hex: hex.joined(separator: " ")))
            } catch {
                try fail(error.description)
            }
        }
    }

    struct Analyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Analyse a FIT, TCX or GPX ride: power, heart rate, Zone 2 time, efficiency, decoupling.")

        @Argument(help: "The file.")
        var file: String

        @Option(help: "Maximum heart rate (Zone 2 = 60–70 %, or Karvonen with --resting-hr).")
        var maxHR: Int?

        @Option(help: "Resting heart rate, for the heart-rate-reserve (Karvonen) zone with --max-hr.")
        var restingHR: Int?

        @Option(help: "Lactate-threshold heart rate (Friel's cycling Zone 2: 81–89 %).")
        var lthr: Int?

        @Option(help: "Age, for MAF (180 − age).")
        var age: Int?

        @Option(help: "Zone 2 bounds, e.g. 125-138.")
        var zone: String?

        func run() async throws {
            do {
                print(try Zone2Tools.analyze(fileAt: file, zone: try zoneMethod().map { try $0.zone() }))
            } catch let error as Zone2ToolError {
                try fail(error.description)
            } catch let error as ZoneError {
                try fail(error.description)
            }
        }

        func zoneMethod() throws -> Zone2Method? {
            if let zone {
                let parts = zone.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2 else { throw ValidationError("--zone must look like 125-138.") }
                return .manual(lower: parts[0], upper: parts[1])
            }
            if let maxHR, let restingHR { return .heartRateReserve(restingHR: restingHR, maxHR: maxHR) }
            if let maxHR { return .percentOfMax(maxHR: maxHR) }
            if let lthr { return .frielLTHR(lthr: lthr) }
            if let age { return .maf(age: age, adjustment: 0) }
            return nil
        }
    }
}

/// Prints the reason to standard error and exits with status 1 (no usage text: the input, not the command, was wrong).
func fail(_ message: String) throws -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    throw ExitCode.failure
}
