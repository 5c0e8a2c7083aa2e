import Foundation
import Hummingbird
import ServerKit

/// An anonymous visitor of the Swiss web app: 128 random bits kept in the `swiss_visitor` cookie, so a family can
/// save activities, add their own and rate lunch spots without an account. The id is the only key to the items; it
/// is never shown in a page or a URL.
struct VisitorID: Hashable, Sendable, CustomStringConvertible {
    /// 32 lowercase hexadecimal digits.
    let rawValue: String

    /// The cookie's name.
    static let cookieName = "swiss_visitor"
    /// The cookie's lifetime: 400 days (the most browsers keep), renewed by every change the visitor makes.
    static let lifetime: TimeInterval = 400 * 86_400
    /// The cookie is sent only to the web app's pages.
    static let cookiePath = "/swiss/app"

    /// An id from stored or sent text; nil unless it is exactly 32 lowercase hexadecimal digits.
    init?(_ text: String) {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        rawValue = text
    }

    /// A new random id (the system generator is cryptographically secure).
    static func random() -> VisitorID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new id from `generator` (tests pass a seeded one).
    static func random(using generator: inout some RandomNumberGenerator) -> VisitorID {
        let bits = [generator.next(), generator.next()] as [UInt64]
        let text = bits.map { value in
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        // Always 32 hexadecimal digits, so the failable init cannot fail.
        return VisitorID(text) ?? VisitorID(unchecked: text)
    }

    private init(unchecked text: String) { rawValue = text }

    var description: String { "visitor \(rawValue.prefix(6))…" }

    /// The visitor of `request`, nil when it sends no valid cookie.
    static func from(_ request: Request) -> VisitorID? {
        request.cookies[cookieName].flatMap { VisitorID($0.value) }
    }

    /// The `Set-Cookie` value that keeps this id for ``lifetime``: HttpOnly (no script needs it), SameSite=Lax
    /// (sent on top-level navigation, not on cross-site posts) and Secure when the request came over HTTPS.
    func cookie(secure: Bool) -> String {
        var cookie =
            "\(Self.cookieName)=\(rawValue); Path=\(Self.cookiePath); Max-Age=\(Int(Self.lifetime)); HttpOnly; SameSite=Lax"
        if secure { cookie += "; Secure" }
        return cookie
    }
}
