import Foundation
import SportsTime
import WebUI

/// The itinerary as a PDF: title, totals, the route map drawn as vector paths (land, lakes, the straight legs,
/// numbered stops), then the days, each kept on one page when it fits.
enum ItineraryPDF {
    static let margin = 40.0

    /// The PDF of a trip page's model.
    static func document(_ model: TripPageModel, generatedAt: Date) -> [UInt8] {
        var pdf = PDFWriter(title: model.name)
        let width = pdf.pageWidth - 2 * margin
        pdf.beginPage()
        var y = pdf.pageHeight - margin - 14
        for line in PDFWriter.wrap(model.name, width: width, size: 20, bold: true) {
            pdf.text(line, x: margin, y: y, size: 20, bold: true)
            y -= 24
        }
        pdf.text(model.subtitle, x: margin, y: y, size: 11, color: .gray)
        y -= 18
        let totals = model.totals.map { "\($0.label): \($0.value)" }.joined(separator: "   ")
        for line in PDFWriter.wrap(totals, width: width, size: 10) {
            pdf.text(line, x: margin, y: y, size: 10)
            y -= 14
        }
        for changed in model.changedGames {
            pdf.text("Schedule change: \(changed.matchup) \(changed.text)", x: margin, y: y, size: 9, bold: true)
            y -= 12
        }
        // The map, 16:10.
        let mapHeight = width * 10 / 16
        y -= mapHeight + 6
        drawMap(model.map, into: &pdf, x: margin, y: y, width: width, height: mapHeight)
        pdf.text("Straight lines between stops, not roads.", x: margin, y: y - 11, size: 8, color: .gray)
        y -= 30
        for day in model.days {
            let lines = dayLines(day, width: width)
            let height = lines.reduce(0) { $0 + $1.size + 4 } + 10
            if y - height < margin, y < pdf.pageHeight - margin - 20 {
                pdf.beginPage()
                y = pdf.pageHeight - margin - 10
            }
            for line in lines {
                if y < margin {
                    pdf.beginPage()
                    y = pdf.pageHeight - margin - 10
                }
                pdf.text(line.text, x: margin + line.indent, y: y, size: line.size, bold: line.bold, color: line.color)
                y -= line.size + 4
            }
            pdf.line(
                from: .init(x: margin, y: y + 2), to: .init(x: margin + width, y: y + 2), width: 0.5,
                color: PDFWriter.Color(red: 0.8, green: 0.8, blue: 0.8))
            y -= 10
        }
        pdf.text(
            "SportsTime · generated \(ISO8601DateFormatter().string(from: generatedAt)) · "
                + "game times are local to each venue; drives are estimates.",
            x: margin, y: max(20, min(y, margin) - 14), size: 7, color: .gray)
        return pdf.data()
    }

    struct Line {
        var text: String
        var size: Double
        var bold: Bool = false
        var indent: Double = 0
        var color: PDFWriter.Color = .black
    }

    static func dayLines(_ day: TripPageModel.Day, width: Double) -> [Line] {
        var lines = [Line(text: "Day \(day.number) · \(day.label) — \(day.kind.title)", size: 12, bold: true)]
        for flag in day.flags {
            for text in PDFWriter.wrap("! " + flag.text, width: width - 12, size: 9) {
                lines.append(Line(text: text, size: 9, bold: true, indent: 12))
            }
        }
        if day.entries.isEmpty { lines.append(Line(text: "Nothing planned.", size: 10, indent: 12, color: .gray)) }
        for entry in day.entries {
            let label =
                switch entry.kind {
                case .game: "Game"
                case .drive: "Drive"
                case .custom: entry.customKind?.title ?? "Stop"
                }
            let title = entry.title.hasPrefix(label) ? entry.title : "\(label): \(entry.title)"
            let head = [entry.time, title].compactMap { $0 }.joined(separator: "  ")
            for text in PDFWriter.wrap(head, width: width - 12, size: 10) {
                lines.append(Line(text: text, size: 10, indent: 12))
            }
            if let detail = entry.detail {
                for text in PDFWriter.wrap(detail, width: width - 24, size: 9) {
                    lines.append(Line(text: text, size: 9, indent: 24, color: .gray))
                }
            }
        }
        var night = "Night: \(day.overnight.isEmpty ? "-" : day.overnight)"
        if day.drivingHours > 0 { night += " · \(TripsComponents.hours(day.drivingHours)) driving" }
        lines.append(Line(text: night, size: 9, indent: 12, color: .gray))
        return lines
    }

    /// The map in the box (`x`, `y`) bottom-left, `width` × `height`: land per country in light greys (grayscale
    /// safe), lakes, the dashed legs, overnights, start/end squares and numbered stops.
    static func drawMap(
        _ model: TripMapModel, into pdf: inout PDFWriter, x: Double, y: Double, width: Double, height: Double
    ) {
        let inside = model.markers.filter { TripMap.onContinent(latitude: $0.latitude, longitude: $0.longitude) }
        let route = model.route.filter { TripMap.onContinent(latitude: $0.latitude, longitude: $0.longitude) }
        let frame = TripMap.frame(
            fitting: inside.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } + route, width: width,
            height: height)
        func point(_ p: MapPoint) -> PDFWriter.Point { .init(x: x + p.x, y: y + height - p.y) }
        func place(_ latitude: Double, _ longitude: Double) -> PDFWriter.Point {
            point(frame.place(WebUI.GeoPoint(longitude: longitude, latitude: latitude)))
        }
        pdf.rect(x: x, y: y, width: width, height: height, fill: PDFWriter.Color(red: 0.97, green: 0.98, blue: 0.99))
        let fills: [String: PDFWriter.Color] = [
            "US": .init(red: 0.93, green: 0.94, blue: 0.90), "CA": .init(red: 0.90, green: 0.93, blue: 0.96),
            "MX": .init(red: 0.95, green: 0.93, blue: 0.89), "lake": .init(red: 0.81, green: 0.89, blue: 0.97),
        ]
        for ring in TripMap.rings {
            let low = frame.place(projected: (ring.minX, ring.minY))
            let high = frame.place(projected: (ring.maxX, ring.maxY))
            guard high.x >= 0, low.x <= width, low.y >= 0, high.y <= height else { continue }
            let clipped = MapGeometry.clip(
                ring.points.map { frame.place(projected: $0) }, minX: 0, minY: 0, maxX: width, maxY: height)
            let simple = MapGeometry.simplify(clipped, tolerance: 0.6)
            guard simple.count >= 3 else { continue }
            pdf.path(
                simple.map(point), fill: fills[ring.layer] ?? fills["US"],
                stroke: ring.layer == "lake" ? nil : PDFWriter.Color(red: 0.62, green: 0.66, blue: 0.72), width: 0.4)
        }
        let legs = route.map { place($0.latitude, $0.longitude) }
        if legs.count > 1 {
            pdf.path(
                legs, stroke: PDFWriter.Color(red: 0.11, green: 0.30, blue: 0.85), width: 1.8, close: false,
                dash: [5, 3])
        }
        for marker in inside {
            let p = place(marker.latitude, marker.longitude)
            switch marker.kind {
            case .overnight:
                pdf.circle(x: p.x, y: p.y, radius: 2.5, fill: .gray)
            case .start, .end:
                pdf.rect(x: p.x - 6, y: p.y - 6, width: 12, height: 12, fill: .white, stroke: .black)
            case .stop:
                let label = marker.label ?? ""
                let r = max(8, 2.6 * Double(label.count) + 4)
                pdf.circle(
                    x: p.x, y: p.y, radius: r, fill: PDFWriter.Color(red: 0.11, green: 0.30, blue: 0.85), stroke: .white
                )
                let w = PDFWriter.width(label, size: 8, bold: true)
                pdf.text(label, x: p.x - w / 2, y: p.y - 3, size: 8, bold: true, color: .white)
                let name = TripMap.shortName(marker.name)
                if p.x + r + 4 + PDFWriter.width(name, size: 8) < x + width {
                    pdf.text(name, x: p.x + r + 3, y: p.y - 3, size: 8, bold: true)
                }
            case .visited, .unvisited:
                pdf.circle(x: p.x, y: p.y, radius: 5, fill: .white, stroke: .black)
            }
        }
        pdf.rect(x: x, y: y, width: width, height: height, stroke: .gray)
    }
}
