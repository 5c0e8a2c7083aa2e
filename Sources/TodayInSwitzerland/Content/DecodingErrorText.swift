import Foundation

extension DecodingError {
    /// Where in a bundled JSON file decoding failed and why, e.g. `[3].lat: missing key "lat"`, for the catalogues'
    /// load errors.
    var readableDescription: String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "top level" : keys
        }
        switch self {
        case .keyNotFound(let key, let context): return "missing key \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context): return "wrong type at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription) at \(path(context))"
        @unknown default: return String(describing: self)
        }
    }
}
