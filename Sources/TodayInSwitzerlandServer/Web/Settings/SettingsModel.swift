import Foundation
import ServerKit
import TodayInSwitzerland

/// What the settings page shows, and the rules for a submitted settings form.
struct SettingsModel: Sendable, Equatable {
    var prefs: SwissPrefs
    /// Shown after a save that came back to this page.
    var saved = false
    /// Why the last form was refused.
    var error: String? = nil

    /// A refused settings form.
    struct FormError: Error, Equatable {
        var message: String
    }

    /// The settings after a submitted form: every field is optional (the city picker sends only some), an unknown
    /// value is refused with a message naming the valid ones.
    static func apply(form: FormData, to prefs: SwissPrefs) -> Result<SwissPrefs, FormError> {
        var prefs = prefs
        if let id = form["city"] {
            guard let city = City.find(id.lowercased()) else {
                return .failure(
                    FormError(
                        message: "Unknown city '\(id.prefix(40))'. Choose one of: "
                            + City.all.map(\.name).joined(separator: ", ") + "."))
            }
            prefs.city = city
        }
        if let lang = form["lang"] {
            guard let language = Language(query: lang) else {
                return .failure(FormError(message: "Unknown language '\(lang.prefix(40))'. Choose English or Deutsch."))
            }
            prefs.language = language
        }
        if let value = form["theme"] {
            guard let theme = SwissPrefs.Theme(rawValue: value) else {
                return .failure(
                    FormError(message: "Unknown theme '\(value.prefix(40))'. Choose system, light or dark."))
            }
            prefs.theme = theme
        }
        return .success(prefs)
    }

    /// Where to go after saving: the page the form came from when it is a page of this app (never another site),
    /// with its `city`/`lang` replaced by the new ones; else the settings page, marked saved.
    static func returnURL(_ value: String?, prefs: SwissPrefs) -> String {
        let fallback = prefs.link(.settings, [("saved", "1")])
        guard let value, value.hasPrefix("/swiss/app"), !value.hasPrefix("//"), !value.contains("\\"),
            let components = URLComponents(string: value),
            components.scheme == nil, components.host == nil
        else { return fallback }
        let path = components.percentEncodedPath
        guard path == "/swiss/app" || path.hasPrefix("/swiss/app/") else { return fallback }
        let kept = (components.queryItems ?? []).filter { $0.name != "city" && $0.name != "lang" && $0.name != "saved" }
        let query =
            [("city", prefs.city.id), ("lang", prefs.language.rawValue)]
            + kept.map { ($0.name, $0.value ?? "") }
        return path + RoutePath.query(query) + (path == SwissPageURL.settings.path() ? "&saved=1" : "")
    }
}
