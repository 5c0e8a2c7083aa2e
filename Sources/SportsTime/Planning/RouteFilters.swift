import Foundation

/// Geographic filters of routes: backtracking, the corridor of scenario C and regions.
///
/// Backtracking is judged at each stop B between the previous distinct point A and the next point C (start and end
/// locations included): going through B costs `extra = d(A,B) + d(B,C) − d(A,C)` road miles; the route backtracks
/// when `extra > backtrackAllowanceMiles + backtrackDetourRatio × d(A,C)`. With the defaults (500 mi, 1.0) a hop out
/// and back of up to ~250 road miles each way passes (New York → Boston → New York), a longer one does not
/// (Boston → Philadelphia → Boston, Seattle → Los Angeles → Seattle), and Boston → Philadelphia → New York passes. The rule looks at three consecutive points only, so the router can apply
/// it while it extends a route and stay exact.
public struct RouteFilters: Codable, Sendable, Equatable {
    /// Whether backtracking is rejected at all.
    public var rejectsBacktracking: Bool
    /// Extra road miles any stop may add.
    public var backtrackAllowanceMiles: Double
    /// Extra road miles a stop may add per mile of the direct distance it replaces.
    public var backtrackDetourRatio: Double
    /// Scenario C: extra road miles a game may add to the direct start → end drive …
    public var corridorAllowanceMiles: Double
    /// … plus this share of the direct start → end distance.
    public var corridorDetourRatio: Double

    /// Filters; the defaults are the documented ones.
    public init(
        rejectsBacktracking: Bool = true, backtrackAllowanceMiles: Double = 500, backtrackDetourRatio: Double = 1.0,
        corridorAllowanceMiles: Double = 150, corridorDetourRatio: Double = 0.5
    ) {
        self.rejectsBacktracking = rejectsBacktracking
        self.backtrackAllowanceMiles = backtrackAllowanceMiles
        self.backtrackDetourRatio = backtrackDetourRatio
        self.corridorAllowanceMiles = corridorAllowanceMiles
        self.corridorDetourRatio = corridorDetourRatio
    }

    /// Whether a stop with road miles `ab` in, `bc` out, and `ac` direct between its neighbours doubles back.
    public func isBacktrack(ab: Double, bc: Double, ac: Double) -> Bool {
        guard rejectsBacktracking else { return false }
        return ab + bc - ac > backtrackAllowanceMiles + backtrackDetourRatio * ac + 1e-9
    }

    /// Whether going `a` → `b` → `c` doubles back, with road miles from `estimator`.
    public func isBacktrack(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, estimator: TravelEstimator) -> Bool {
        isBacktrack(
            ab: estimator.roadMiles(from: a, to: b), bc: estimator.roadMiles(from: b, to: c),
            ac: estimator.roadMiles(from: a, to: c))
    }

    /// Scenario C: whether a venue at `point` lies close enough to the drive from `start` to `end`.
    public func isInCorridor(
        _ point: Coordinate, from start: Coordinate, to end: Coordinate, estimator: TravelEstimator
    ) -> Bool {
        let direct = estimator.roadMiles(from: start, to: end)
        let via = estimator.roadMiles(from: start, to: point) + estimator.roadMiles(from: point, to: end)
        return via - direct <= corridorAllowanceMiles + corridorDetourRatio * direct + 1e-9
    }

    /// Whether `venue` lies in one of `regions`.
    public static func isInRegions(_ venue: Venue, _ regions: Set<Region>) -> Bool {
        regions.contains(venue.routeRegion)
    }
}
