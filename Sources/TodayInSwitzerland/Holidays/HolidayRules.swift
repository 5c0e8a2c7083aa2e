import Foundation

/// Date arithmetic for Swiss holidays: the Gregorian computus and "nth weekday of a month".
public enum SwissCalendarMath {
    /// The Gregorian calendar's years (the computus is only defined from 1583 on).
    public static let gregorianYears = 1583...9999

    /// Easter Sunday of `year` (Gregorian computus, Meeus/Jones/Butcher); nil outside `gregorianYears`.
    public static func easterSunday(_ year: Int) -> CivilDate? {
        guard gregorianYears.contains(year) else { return nil }
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }

    /// The `n`th (1-based) `weekday` (1 = Monday … 7 = Sunday) of `month`; nil when there is none.
    public static func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int) -> CivilDate? {
        guard n >= 1, (1...7).contains(weekday), let first = CivilDate(year: year, month: month, day: 1) else {
            return nil
        }
        let date = first.adding(days: (weekday - first.isoWeekday + 7) % 7 + 7 * (n - 1))
        return date.month == month ? date : nil
    }
}

/// The rules behind every holiday the calendar knows, by key.
enum HolidayRule: String, CaseIterable, Sendable {
    case newYear, berchtold, epiphany, neuchatelRepublic, stJoseph, naefelserFahrt, goodFriday, easterMonday
    case labourDay, ascension, whitMonday, corpusChristi, juraIndependence, peterPaul, nationalDay, assumption
    case jeuneGenevois, federalFastMonday, mauritius, bruderKlaus, allSaints, immaculateConception, christmas
    case stStephen, restauration
    // City days.
    case sechselaeuten, knabenschiessen, baselFasnacht, luzernFasnacht, escalade, zibelemaerit

    var name: LocalizedText {
        switch self {
        case .newYear: LocalizedText(en: "New Year's Day", de: "Neujahr")
        case .berchtold: LocalizedText(en: "Berchtold's Day", de: "Berchtoldstag")
        case .epiphany: LocalizedText(en: "Epiphany", de: "Heilige Drei Könige")
        case .neuchatelRepublic:
            LocalizedText(en: "Neuchâtel Republic Day", de: "Jahrestag der Ausrufung der Republik Neuenburg")
        case .stJoseph: LocalizedText(en: "St. Joseph's Day", de: "Josefstag")
        case .naefelserFahrt: LocalizedText(en: "Näfels Pilgrimage", de: "Näfelser Fahrt")
        case .goodFriday: LocalizedText(en: "Good Friday", de: "Karfreitag")
        case .easterMonday: LocalizedText(en: "Easter Monday", de: "Ostermontag")
        case .labourDay: LocalizedText(en: "Labour Day", de: "Tag der Arbeit")
        case .ascension: LocalizedText(en: "Ascension", de: "Auffahrt")
        case .whitMonday: LocalizedText(en: "Whit Monday", de: "Pfingstmontag")
        case .corpusChristi: LocalizedText(en: "Corpus Christi", de: "Fronleichnam")
        case .juraIndependence: LocalizedText(en: "Jura Independence Day", de: "Fest der Unabhängigkeit (Jura)")
        case .peterPaul: LocalizedText(en: "Saints Peter and Paul", de: "Peter und Paul")
        case .nationalDay: LocalizedText(en: "Swiss National Day", de: "Bundesfeier")
        case .assumption: LocalizedText(en: "Assumption Day", de: "Mariä Himmelfahrt")
        case .jeuneGenevois: LocalizedText(en: "Geneva Fast", de: "Jeûne genevois")
        case .federalFastMonday: LocalizedText(en: "Federal Fast Monday", de: "Bettagsmontag")
        case .mauritius: LocalizedText(en: "St. Maurice's Day", de: "Mauritiustag")
        case .bruderKlaus: LocalizedText(en: "St. Nicholas of Flüe", de: "Bruder Klaus")
        case .allSaints: LocalizedText(en: "All Saints' Day", de: "Allerheiligen")
        case .immaculateConception: LocalizedText(en: "Immaculate Conception", de: "Mariä Empfängnis")
        case .christmas: LocalizedText(en: "Christmas Day", de: "Weihnachten")
        case .stStephen: LocalizedText(en: "St. Stephen's Day", de: "Stephanstag")
        case .restauration: LocalizedText(en: "Restoration of the Republic", de: "Restauration der Republik Genf")
        case .sechselaeuten: LocalizedText(en: "Sechseläuten (afternoon)", de: "Sechseläuten (Nachmittag)")
        case .knabenschiessen: LocalizedText(en: "Knabenschiessen (afternoon)", de: "Knabenschiessen (Nachmittag)")
        case .baselFasnacht: LocalizedText(en: "Basel Carnival", de: "Basler Fasnacht")
        case .luzernFasnacht: LocalizedText(en: "Lucerne Carnival", de: "Luzerner Fasnacht")
        case .escalade: LocalizedText(en: "Escalade", de: "Escalade")
        case .zibelemaerit: LocalizedText(en: "Onion market (Zibelemärit)", de: "Zibelemärit")
        }
    }

    var nameFR: String? {
        switch self {
        case .newYear: "Nouvel An"
        case .berchtold: "Lendemain du Nouvel An"
        case .neuchatelRepublic: "Instauration de la République"
        case .goodFriday: "Vendredi saint"
        case .easterMonday: "Lundi de Pâques"
        case .labourDay: "Fête du travail"
        case .ascension: "Ascension"
        case .whitMonday: "Lundi de Pentecôte"
        case .corpusChristi: "Fête-Dieu"
        case .juraIndependence: "Commémoration du plébiscite jurassien"
        case .nationalDay: "Fête nationale"
        case .assumption: "Assomption"
        case .jeuneGenevois: "Jeûne genevois"
        case .federalFastMonday: "Lundi du Jeûne fédéral"
        case .allSaints: "Toussaint"
        case .immaculateConception: "Immaculée Conception"
        case .christmas: "Noël"
        case .stStephen: "Saint-Étienne"
        case .restauration: "Restauration de la République"
        case .escalade: "Escalade"
        default: nil
        }
    }

    /// The rule's dates in `year` (several for multi-day festivals, none when the rule has no date that year).
    func dates(in year: Int, easter: CivilDate) -> [CivilDate] {
        func fixed(_ month: Int, _ day: Int) -> [CivilDate] {
            CivilDate(year: year, month: month, day: day).map { [$0] } ?? []
        }
        func nth(_ n: Int, _ weekday: Int, _ month: Int, plus days: Int = 0) -> [CivilDate] {
            SwissCalendarMath.nthWeekday(n, weekday, month: month, year: year).map { [$0.adding(days: days)] } ?? []
        }
        switch self {
        case .newYear: return fixed(1, 1)
        case .berchtold: return fixed(1, 2)
        case .epiphany: return fixed(1, 6)
        case .neuchatelRepublic: return fixed(3, 1)
        case .stJoseph: return fixed(3, 19)
        case .naefelserFahrt:
            // First Thursday of April; when that is Maundy Thursday it moves one week later (the
            // simplification the `holidays` package also makes; Glarus sets the date each year).
            guard let first = SwissCalendarMath.nthWeekday(1, 4, month: 4, year: year) else { return [] }
            return [first == easter.adding(days: -3) ? first.adding(days: 7) : first]
        case .goodFriday: return [easter.adding(days: -2)]
        case .easterMonday: return [easter.adding(days: 1)]
        case .labourDay: return fixed(5, 1)
        case .ascension: return [easter.adding(days: 39)]
        case .whitMonday: return [easter.adding(days: 50)]
        case .corpusChristi: return [easter.adding(days: 60)]
        case .juraIndependence: return fixed(6, 23)
        case .peterPaul: return fixed(6, 29)
        case .nationalDay: return fixed(8, 1)
        case .assumption: return fixed(8, 15)
        case .jeuneGenevois: return nth(1, 7, 9, plus: 4)  // Thursday after the first Sunday of September
        case .federalFastMonday: return nth(3, 7, 9, plus: 1)  // Monday after the third Sunday of September
        case .mauritius: return fixed(9, 22)
        case .bruderKlaus: return fixed(9, 25)
        case .allSaints: return fixed(11, 1)
        case .immaculateConception: return fixed(12, 8)
        case .christmas: return fixed(12, 25)
        case .stStephen: return fixed(12, 26)
        case .restauration: return fixed(12, 31)
        case .sechselaeuten:
            // Third Monday of April; a week later when that is Easter Monday, a week earlier when it falls in
            // Holy Week (2011: 11 April, 2019: 8 April, 2022 and 2025: the Monday after Easter Monday). The guilds'
            // Central Committee fixes the date years ahead and may deviate from the rule.
            guard let third = SwissCalendarMath.nthWeekday(3, 1, month: 4, year: year) else { return [] }
            if third == easter.adding(days: 1) { return [third.adding(days: 7)] }
            if third == easter.adding(days: -6) { return [third.adding(days: -7)] }
            return [third]
        case .knabenschiessen: return nth(2, 7, 9, plus: 1)  // Monday after the second Sunday of September
        case .baselFasnacht:
            // Monday to Wednesday after Ash Wednesday (Morgestraich at 4 a.m. on the Monday).
            return (0..<3).map { easter.adding(days: -41 + $0) }
        case .luzernFasnacht:
            // Schmutziger Donnerstag, Güdismontag and Güdisdienstag (the days of the big parades).
            return [easter.adding(days: -52), easter.adding(days: -48), easter.adding(days: -47)]
        case .escalade: return fixed(12, 12)
        case .zibelemaerit: return nth(4, 1, 11)  // fourth Monday of November
        }
    }
}

/// One holiday of a canton's or city's list, with how it is kept there.
struct HolidayEntry: Sendable {
    enum Condition: Sendable {
        /// Kept only when the day is a Monday (Neuchâtel's 2 January and 26 December: the day after a Sunday
        /// New Year or Christmas).
        case onlyMonday
        /// Not kept when the day is a Tuesday or a Saturday (St. Stephen in AI, AR and UR, following the
        /// `holidays` package's reading of those cantons' rules).
        case notTuesdayOrSaturday

        func allows(_ date: CivilDate) -> Bool {
            switch self {
            case .onlyMonday: date.isoWeekday == 1
            case .notTuesdayOrSaturday: date.isoWeekday != 2 && date.isoWeekday != 6
            }
        }
    }

    var rule: HolidayRule
    var kind: HolidayKind = .public
    var statutory = true
    var condition: Condition?

    static func p(_ rule: HolidayRule, _ condition: Condition? = nil) -> HolidayEntry {
        HolidayEntry(rule: rule, condition: condition)
    }

    /// A customary day off that the law does not make equal to a Sunday.
    static func customary(_ rule: HolidayRule) -> HolidayEntry { HolidayEntry(rule: rule, statutory: false) }

    static func half(_ rule: HolidayRule, statutory: Bool = true) -> HolidayEntry {
        HolidayEntry(rule: rule, kind: .halfDay, statutory: statutory)
    }

    static func observance(_ rule: HolidayRule) -> HolidayEntry {
        HolidayEntry(rule: rule, kind: .observance, statutory: false)
    }
}

/// Which days each canton and city keeps. Sources: the Federal Office of Justice's list of cantonal holidays
/// (bj.admin.ch, "kant-feiertage.pdf"), the cantons' own pages (zh.ch, vd.ch, ge.ch), cross-checked with the
/// `holidays` package (scripts/check-swiss-holidays.py). Sundays (Easter Sunday, Whit Sunday, Federal Fast) are not
/// listed: they are Sundays anyway (the original listed Easter and Whit Sunday as holidays).
enum HolidayTable {
    static let national: [HolidayRule] = [.newYear, .ascension, .nationalDay, .christmas]

    static func entries(for canton: Canton) -> [HolidayEntry] {
        typealias E = HolidayEntry
        switch canton {
        case .AG:
            return [
                .p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception), .p(.stStephen),
            ]
        case .AI:
            return [
                .p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.corpusChristi), .p(.assumption),
                // Mauritius: kept in Appenzell Innerrhoden by custom; not on the federal list (unverified).
                .customary(.mauritius), .p(.allSaints), .p(.immaculateConception),
                .p(.stStephen, .notTuesdayOrSaturday),
            ]
        case .AR:
            return [.p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.stStephen, .notTuesdayOrSaturday)]
        case .BE:
            return [.p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.stStephen)]
        case .BL, .BS:
            return [.p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday), .p(.stStephen)]
        case .FR:
            // Catholic days in the Catholic communes (most of the canton); Reformed communes keep the others.
            return [
                .customary(.berchtold), .p(.goodFriday), .customary(.easterMonday), .customary(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception),
                .customary(.stStephen),
            ]
        case .GE:
            return [.p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.jeuneGenevois), .p(.restauration)]
        case .GL:
            return [
                .customary(.berchtold), .p(.naefelserFahrt), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday),
                .p(.allSaints), .p(.stStephen),
            ]
        case .GR:
            return [.customary(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.stStephen)]
        case .JU:
            return [
                .p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday),
                .p(.corpusChristi), .p(.juraIndependence), .p(.assumption), .p(.allSaints),
            ]
        case .LU:
            return [
                .p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.corpusChristi),
                .p(.assumption), .p(.allSaints), .p(.immaculateConception), .p(.stStephen),
            ]
        case .NE:
            // Lundi du Jeûne is a public holiday in Neuchâtel as in Vaud (RTN, 16 Sep 2024); Corpus Christi only
            // in two communes, so it is not listed.
            return [
                .p(.berchtold, .onlyMonday), .p(.neuchatelRepublic), .p(.goodFriday), .p(.labourDay),
                .p(.federalFastMonday), .p(.stStephen, .onlyMonday),
            ]
        case .NW:
            return [
                .customary(.berchtold), .p(.stJoseph), .p(.goodFriday), .customary(.easterMonday),
                .customary(.whitMonday), .p(.corpusChristi), .p(.assumption), .p(.allSaints),
                .p(.immaculateConception), .customary(.stStephen),
            ]
        case .OW:
            return [
                .customary(.berchtold), .p(.goodFriday), .customary(.easterMonday), .customary(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.bruderKlaus), .p(.allSaints), .p(.immaculateConception),
                .customary(.stStephen),
            ]
        case .SG:
            return [
                .customary(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.allSaints),
                .p(.stStephen),
            ]
        case .SH:
            return [
                .customary(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday),
                .p(.stStephen),
            ]
        case .SO:
            return [.customary(.berchtold), .p(.goodFriday), E.half(.labourDay)]
        case .SZ:
            return [
                .p(.epiphany), .p(.stJoseph), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception), .p(.stStephen),
            ]
        case .TG:
            return [
                .p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday), .p(.stStephen),
            ]
        case .TI:
            return [
                .p(.epiphany), .p(.stJoseph), .p(.easterMonday), .p(.labourDay), .p(.whitMonday),
                .p(.corpusChristi), .p(.peterPaul), .p(.assumption), .p(.allSaints), .p(.immaculateConception),
                .p(.stStephen),
            ]
        case .UR:
            return [
                .p(.epiphany), .p(.stJoseph), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception),
                .p(.stStephen, .notTuesdayOrSaturday),
            ]
        case .VD:
            return [
                .p(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.whitMonday), .p(.federalFastMonday),
            ]
        case .VS:
            return [
                .customary(.berchtold), .p(.stJoseph), .customary(.easterMonday), .customary(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception),
                .customary(.stStephen),
            ]
        case .ZG:
            return [
                .customary(.berchtold), .p(.goodFriday), .customary(.easterMonday), .customary(.whitMonday),
                .p(.corpusChristi), .p(.assumption), .p(.allSaints), .p(.immaculateConception),
                .customary(.stStephen),
            ]
        case .ZH:
            // Berchtoldstag is not in Zürich's Ruhetagsgesetz, but the cantonal administration, banks and most
            // employers close (the original listed it for Zürich too).
            return [
                .customary(.berchtold), .p(.goodFriday), .p(.easterMonday), .p(.labourDay), .p(.whitMonday),
                .p(.stStephen),
            ]
        }
    }

    /// The city-only days, by city id, with the canton they belong to.
    static let cities: [String: (canton: Canton, entries: [HolidayEntry])] = [
        // City of Zürich: the guild festival and the shooting fair give the afternoon off (city administration,
        // many businesses and schools); they are not holidays elsewhere in the canton (not in Winterthur).
        "zurich": (.ZH, [.half(.sechselaeuten, statutory: false), .half(.knabenschiessen, statutory: false)]),
        // Basel Fasnacht is not a public holiday; schools are on holiday and many businesses close.
        "basel": (.BS, [.observance(.baselFasnacht)]),
        // The Escalade (12 December) is a festival; Geneva's official day is 31 December (Restauration).
        "geneva": (.GE, [.observance(.escalade)]),
        "bern": (.BE, [.observance(.zibelemaerit)]),
        "luzern": (.LU, [.observance(.luzernFasnacht)]),
    ]
}
