import Foundation
import ServerKit
import SportsTime
import Synchronization

/// The catalogue every request plans over: the bundled venues and teams, generated seasons for a demo out of the
/// box, and imported schedules on top. Rebuilt only when the schedule version in the database changes, so every
/// instance sees an import made through another one.
final class CatalogStore: Sendable {
    let base: Catalog
    let schedules: ScheduleRepository
    private let years: ClosedRange<Int>
    /// Generated on first use, so commands that never plan don't pay for it.
    private let generated = Mutex<[Game]?>(nil)
    private let cache = Mutex<(version: String, catalog: Catalog)?>(nil)
    /// The build of a version in progress, shared by everyone who asks meanwhile.
    private let building = Mutex<(version: String, task: Task<Catalog, Never>)?>(nil)

    /// Seed of the demo seasons (fixed, so every instance and restart generates the same games).
    static let seed: UInt64 = 2026

    /// A store over `schedules`, generating seasons of `years` for every league until they are imported.
    init(base: Catalog, schedules: ScheduleRepository, years: ClosedRange<Int>) {
        self.base = base
        self.schedules = schedules
        self.years = years
    }

    /// The demo seasons of every league (generated outside the lock; a concurrent first use may generate twice,
    /// with the same result).
    private func demoGames() -> [Game] {
        if let cached = generated.withLock({ $0 }) { return cached }
        let generator = SeasonGenerator(catalog: base, seed: Self.seed)
        let games = years.flatMap { generator.seasons(League.allCases, year: $0) }
        generated.withLock { if $0 == nil { $0 = games } }
        return games
    }

    /// The years generated around `now`: last year's seasons through next year's.
    static func demoYears(now: Date = Date()) -> ClosedRange<Int> {
        let year = Calendar(identifier: .gregorian).component(.year, from: now)
        return (year - 1)...(year + 1)
    }

    /// The current catalogue.
    func current() async throws -> Catalog {
        let version = try await schedules.version()
        if let cached = cache.withLock({ $0?.version == version ? $0?.catalog : nil }) { return cached }
        let imported = try await schedules.all()
        // Generating the demo seasons and merging is pure CPU (about a second on a busy machine): done once per
        // version, on a thread of its own (``SearchThreads``: not Dispatch's global queues, which on Linux are the
        // cooperative pool that serves every other request and timer), and shared by concurrent first requests.
        let task = building.withLock { building -> Task<Catalog, Never> in
            if let building, building.version == version { return building.task }
            let task = Task<Catalog, Never> { [base] in
                await SearchThreads.run { Self.merge(base: base, generated: self.demoGames(), imported: imported) }
            }
            building = (version, task)
            return task
        }
        let catalog = await task.value
        cache.withLock { $0 = (version, catalog) }
        return catalog
    }

    /// Imported games replace the generated games of their league on the days the import covers (first to last
    /// local date of its games).
    static func merge(base: Catalog, generated: [Game], imported: [Game]) -> Catalog {
        var spans: [League: ClosedRange<LocalDate>] = [:]
        for game in imported {
            let day = game.localDate
            if let span = spans[game.league] {
                spans[game.league] = min(span.lowerBound, day)...max(span.upperBound, day)
            } else {
                spans[game.league] = day...day
            }
        }
        let kept = generated.filter { game in !(spans[game.league]?.contains(game.localDate) ?? false) }
        var catalog = base
        catalog.replaceGames(kept + imported)
        return catalog
    }
}
