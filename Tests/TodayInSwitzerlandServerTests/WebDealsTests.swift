import Foundation
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

@Suite("Swiss web: Deals page")
struct WebDealsTests {
    typealias F = TodayFixtures

    static func deal(
        _ id: String, type: Deal.Kind, city: String = "all", months: [Int]? = nil, savings: String? = "Free"
    ) -> Deal {
        Deal(
            id: id, name: "Deal \(id)", nameDE: "Angebot \(id)", description: "About", descriptionDE: "Über",
            category: months == nil ? .museum : .seasonal, type: type, city: city, url: "https://example.ch/\(id)",
            recurring: "Every Wednesday", savings: savings, validMonths: months)
    }

    static let deals = [
        deal("museum", type: .free, city: "zurich"), deal("pass", type: .deal, savings: "CHF 27/24h"),
        deal("basel", type: .free, city: "basel"), deal("xmas", type: .tip, months: [11, 12], savings: ""),
        deal("summer", type: .free, months: [7, 8]),
    ]

    @Test("the city's and nationwide deals of this month; chips with counts; ?type= filters")
    func model() {
        let november = F.date("2026-11-26")
        let all = DealsModel.make(deals: Self.deals, today: november, prefs: F.prefs(), type: nil)
        #expect(all.cards.map(\.id) == ["museum", "pass", "xmas"], "Basel's and the summer deal are left out")
        #expect(all.chips.map(\.key) == ["all", "free", "deal", "tip"])
        #expect(all.chips.map(\.count) == [3, 1, 1, 1])
        #expect(all.chips.map(\.label) == ["All", "🆓 Free entry", "🏷️ Deal", "💡 Tip"])
        #expect(all.chips[0].isCurrent && all.chips[1].url == "/swiss/app/deals?city=zurich&lang=en&type=free")
        #expect(all.cards[0].savings == nil, "just 'Free' is said by the badge")
        #expect(all.cards[1].savings == "CHF 27/24h" && all.cards[1].scope == "Nationwide")
        #expect(all.cards[0].scope == nil && all.cards[2].emoji == "🎄")
        let tips = DealsModel.make(deals: Self.deals, today: F.date("2026-07-01"), prefs: F.prefs(.de), type: .tip)
        #expect(tips.cards.isEmpty && tips.chips[3].isCurrent)
        #expect(tips.chips.map(\.label) == ["Alle", "🆓 Gratis", "🏷️ Angebot", "💡 Tipp"])
        let free = DealsModel.make(deals: Self.deals, today: F.date("2026-07-01"), prefs: F.prefs(), type: .free)
        #expect(free.cards.map(\.id) == ["museum", "summer"])
    }

    @Test("HTML: cards with type badge, savings and 🔄; the empty state; English-only texts marked in German")
    func view() {
        let model = DealsModel.make(deals: Self.deals, today: F.date("2026-11-26"), prefs: F.prefs(.de), type: nil)
        let html = F.render(DealsView.main(model))
        #expect(html.contains("Angebot pass") && html.contains("🇨🇭 Ganze Schweiz"))
        #expect(html.contains(#"<span class="badge" lang="en">🔄 Every Wednesday</span>"#))
        #expect(html.contains(#"<span class="badge" lang="en">💰 CHF 27/24h</span>"#))
        #expect(html.contains(#"class="badge deal-type deal-type-free">🆓 Gratis</span>"#))
        let empty = DealsModel.make(deals: Self.deals, today: F.date("2026-07-01"), prefs: F.prefs(), type: .tip)
        #expect(F.render(DealsView.main(empty)).contains("No deals match this filter."))
    }
}
