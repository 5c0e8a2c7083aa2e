import ArgumentParser
import ClubhouseServer
import Foundation
import TodayInSwitzerland
import TodayInSwitzerlandServer

struct SwissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiss", abstract: "Today in Switzerland: the city briefing and the weekend rankings.",
        subcommands: [Today.self, Sunshine.self])

    struct Options: ParsableArguments {
        @Option(help: "en or de.") var lang: String = "en"
        @Flag(help: "Fetch fresh data instead of cached answers.") var refresh = false

        func language() throws -> Language {
            guard let language = Language(query: lang) else { throw ValidationError("--lang must be en or de.") }
            return language
        }
    }

    struct Today: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print today's briefing: weather, transport, holidays, history, news and a pick for the kids.")
        @Option(help: "zurich, basel, bern, geneva, lausanne, luzern or winterthur.") var city: String = "zurich"
        @OptionGroup var options: Options
        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let city = City.find(city.lowercased()) else {
                throw ValidationError("Unknown city '\(self.city)': use \(City.all.map(\.id).joined(separator: ", ")).")
            }
            let language = try options.language()
            try await withRuntime(common) { runtime in
                print(await runtime.apps.swiss.briefingText(city: city, language: language, refresh: options.refresh))
            }
        }
    }

    struct Sunshine: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the weekend's sunshine ranking from Zürich, with the nearest sunny escape.")
        @OptionGroup var options: Options
        @OptionGroup var common: CommonOptions

        func run() async throws {
            let language = try options.language()
            try await withRuntime(common) { runtime in
                print(await runtime.apps.swiss.sunshineText(language: language, refresh: options.refresh))
            }
        }
    }
}
