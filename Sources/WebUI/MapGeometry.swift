import Foundation

/// Plane geometry for maps drawn at many scales: clipping outlines to the drawing and dropping detail the scale
/// cannot show.
public enum MapGeometry {
    /// A closed ring clipped to the rectangle `minX…maxX` × `minY…maxY` (Sutherland–Hodgman): the parts outside
    /// are replaced by the rectangle's edge. Empty when the ring lies wholly outside.
    public static func clip(
        _ ring: [MapPoint], minX: Double, minY: Double, maxX: Double, maxY: Double
    ) -> [MapPoint] {
        enum Edge: CaseIterable { case left, right, top, bottom }
        func inside(_ p: MapPoint, _ edge: Edge) -> Bool {
            switch edge {
            case .left: p.x >= minX
            case .right: p.x <= maxX
            case .top: p.y >= minY
            case .bottom: p.y <= maxY
            }
        }
        func cross(_ a: MapPoint, _ b: MapPoint, _ edge: Edge) -> MapPoint {
            switch edge {
            case .left, .right:
                let x = edge == .left ? minX : maxX
                let t = (x - a.x) / (b.x - a.x)
                return MapPoint(x: x, y: a.y + t * (b.y - a.y))
            case .top, .bottom:
                let y = edge == .top ? minY : maxY
                let t = (y - a.y) / (b.y - a.y)
                return MapPoint(x: a.x + t * (b.x - a.x), y: y)
            }
        }
        var output = ring
        for edge in Edge.allCases {
            guard let last = output.last else { return [] }
            let input = output
            output = []
            var previous = last
            for point in input {
                switch (inside(point, edge), inside(previous, edge)) {
                case (true, true): output.append(point)
                case (true, false): output.append(contentsOf: [cross(previous, point, edge), point])
                case (false, true): output.append(cross(previous, point, edge))
                case (false, false): break
                }
                previous = point
            }
        }
        return output
    }

    /// `points` with the detail closer than `tolerance` to the line of its neighbours removed (Douglas–Peucker);
    /// the first and last points always stay.
    public static func simplify(_ points: [MapPoint], tolerance: Double) -> [MapPoint] {
        guard points.count > 2, tolerance > 0 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first]
            let b = points[last]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            var farthest = first
            var distance = 0.0
            for index in (first + 1)..<last {
                let p = points[index]
                let d =
                    length < 1e-12
                    ? ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
                    : abs(dy * p.x - dx * p.y + b.x * a.y - b.y * a.x) / length
                if d > distance {
                    distance = d
                    farthest = index
                }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}
