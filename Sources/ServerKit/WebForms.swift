import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A submitted HTML form: `application/x-www-form-urlencoded` fields, or `multipart/form-data` fields and files.
public struct FormData: Sendable, Equatable {
    /// An uploaded file.
    public struct File: Sendable, Equatable {
        /// The file name the browser sent (may be empty).
        public var filename: String
        /// The part's `Content-Type`, if any.
        public var contentType: String?
        /// The bytes.
        public var data: Data
    }

    /// Text fields in order; a name may repeat (checkbox groups).
    public var fields: [(name: String, value: String)] = []
    /// Files by field name.
    public var files: [String: File] = [:]

    /// An empty form.
    public init() {}

    /// The first value of a field.
    public subscript(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of a repeated field.
    public func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    public static func == (a: FormData, b: FormData) -> Bool {
        a.fields.map { "\($0.name)=\($0.value)" } == b.fields.map { "\($0.name)=\($0.value)" } && a.files == b.files
    }

    /// Why a form body could not be read.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unsupportedContentType(String)
        case missingBoundary
        case malformed(String)

        public var description: String {
            switch self {
            case .unsupportedContentType(let type): "Forms must be sent as URL-encoded or multipart data, not \(type)."
            case .missingBoundary: "The multipart form has no boundary."
            case .malformed(let detail): "The form could not be read: \(detail)."
            }
        }
    }

    /// Parses a body according to its `Content-Type`.
    public static func parse(_ body: Data, contentType: String?) throws(ParseError) -> FormData {
        let type = contentType ?? "application/x-www-form-urlencoded"
        let lower = type.lowercased()
        if lower.hasPrefix("application/x-www-form-urlencoded") { return urlEncoded(body) }
        if lower.hasPrefix("multipart/form-data") {
            // RFC 2046: 1–70 characters from a small set (never CR or LF, which keeps the search below linear).
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ".utf8)
            guard let boundary = parameter("boundary", in: type), (1...70).contains(boundary.utf8.count),
                boundary.utf8.allSatisfy({ allowed.contains($0) })
            else {
                throw .missingBoundary
            }
            return try multipart(body, boundary: boundary)
        }
        throw .unsupportedContentType(type)
    }

    /// Decodes `a=1&b=two+words&c=%C3%A9`.
    public static func urlEncoded(_ body: Data) -> FormData {
        var form = FormData()
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            form.fields.append((decode(parts[0]), parts.count > 1 ? decode(parts[1]) : ""))
        }
        return form
    }

    /// The value of parameter `name` in a header such as `Content-Type` or `Content-Disposition` (quotes removed).
    public static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
            }
        }
        return nil
    }

    /// Splits a `multipart/form-data` body (RFC 7578) into fields and files.
    public static func multipart(_ body: Data, boundary: String) throws(ParseError) -> FormData {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var form = FormData()
        // Browsers send no preamble: the body starts with the first delimiter.
        guard bytes.starts(with: delimiter) else { throw .malformed("no parts") }
        var cursor = delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if bytes.count >= cursor + 2, bytes[cursor] == 0x2D, bytes[cursor + 1] == 0x2D { break }
            guard bytes.count >= cursor + 2, bytes[cursor] == 0x0D, bytes[cursor + 1] == 0x0A else {
                throw .malformed("a part does not start on a new line")
            }
            cursor += 2
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: cursor) else {
                throw .malformed("a part has no end of headers")
            }
            let headers = String(decoding: bytes[cursor..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = find([0x0D, 0x0A] + delimiter, in: bytes, from: contentStart) else {
                throw .malformed("the last part is not closed")
            }
            let content = Data(bytes[contentStart..<next])
            var name: String?
            var filename: String?
            var partType: String?
            for line in headers.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = parameter("name", in: line)
                    filename = parameter("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    partType = String(line.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces)
                }
            }
            if let name {
                if let filename {
                    form.files[name] = File(filename: filename, contentType: partType, data: content)
                } else {
                    form.fields.append((name, String(decoding: content, as: UTF8.self)))
                }
            }
            cursor = next + 2 + delimiter.count
        }
        return form
    }

    /// First index of `needle` in `haystack` at or after `start`. Candidates are found by scanning for the first
    /// byte; for the needles used here (CR LF then a boundary without CR) a partial match can only span bytes that
    /// contain no other candidate, so the whole search is linear in the body size.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        let n = needle.count
        guard let first = needle.first, start >= 0, haystack.count - start >= n else { return nil }
        let last = haystack.count - n
        var i = start
        while i <= last {
            guard let candidate = haystack[i...last].firstIndex(of: first) else { return nil }
            var j = 1
            while j < n && haystack[candidate + j] == needle[j] { j += 1 }
            if j == n { return candidate }
            i = candidate + 1
        }
        return nil
    }
}

extension Request {
    /// Reads and parses a submitted form (at most `limit` bytes).
    public func collectForm(limit: Int = 1 << 20) async throws -> FormData {
        let body: Data = try await collectBody(limit: limit)
        do throws(FormData.ParseError) {
            return try FormData.parse(body, contentType: headers[.contentType])
        } catch {
            throw APIError.badRequest(error.description, code: "invalid_form")
        }
    }

    /// Whether a state-changing request comes from this site: browsers send `Origin` on form posts, and a foreign
    /// origin means a cross-site request forgery attempt. Requests without `Origin` (old browsers, curl) pass;
    /// the session cookie's `SameSite=Lax` covers them.
    /// Behind a trusted proxy the host is its `X-Forwarded-Host` (see ``ForwardedHeadersMiddleware``).
    public func isSameOrigin(context: some RequestContext) -> Bool {
        Self.isSameOrigin(
            origin: headers[.origin],
            host: (context as? any ProxiedRequestContext)?.forwarded?.host ?? head.authority)
    }

    /// Whether an `Origin` header value names `host` (with or without its port); no `Origin` passes.
    public static func isSameOrigin(origin: String?, host: String?) -> Bool {
        guard let origin, origin != "null" else { return origin == nil }
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originWithPort = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originWithPort.lowercased() == host.lowercased() || originHost.lowercased() == host.lowercased()
    }
}

/// HTML responses with the headers every page needs.
public enum HTMLResponse {
    /// A page: `text/html`, the given Content-Security-Policy and `Cache-Control: no-cache` (pages hold member
    /// data and change with every sync; the service worker keeps offline copies).
    public static func page(
        _ html: String, status: HTTPResponse.Status = .ok, csp: String, headers: HTTPFields = [:]
    ) -> Response {
        page(bytes: ByteBuffer(string: html), status: status, csp: csp, headers: headers)
    }

    /// An HTML page already encoded as UTF-8 (a cached page is sent without decoding it again).
    public static func page(
        utf8 data: Data, status: HTTPResponse.Status = .ok, csp: String, headers: HTTPFields = [:]
    ) -> Response {
        page(bytes: ByteBuffer(bytes: data), status: status, csp: csp, headers: headers)
    }

    private static func page(
        bytes: ByteBuffer, status: HTTPResponse.Status, csp: String, headers: HTTPFields
    ) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-cache"
        fields[.contentSecurityPolicy] = csp
        return Response(status: status, headers: fields, body: .init(byteBuffer: bytes))
    }

    /// A `303 See Other` after a form post.
    public static func redirect(_ location: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.location] = location
        return Response(status: .seeOther, headers: fields)
    }
}

/// A static file as served: bytes, type and a strong validator.
public struct StaticFile: Sendable {
    /// The bytes.
    public var data: Data
    /// `Content-Type`.
    public var contentType: String
    /// Content hash; URLs carrying it as `?v=` are cached for a year.
    public var fingerprint: String

    /// A file.
    public init(data: Data, contentType: String, fingerprint: String) {
        self.data = data
        self.contentType = contentType
        self.fingerprint = fingerprint
    }

    /// The response to `request`: 304 when the ETag matches, immutable caching for fingerprinted URLs.
    public func response(for request: Request) -> Response {
        let etag = "\"\(fingerprint)\""
        var headers: HTTPFields = [.contentType: contentType, .eTag: etag]
        headers[.cacheControl] =
            request.uri.queryParameters.get("v") == fingerprint
            ? "public, max-age=31536000, immutable" : "public, max-age=300"
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
