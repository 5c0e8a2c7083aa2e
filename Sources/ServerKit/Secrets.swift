import Crypto
import Foundation

/// Errors of ``TokenCipher`` and key loading.
public enum SecretError: Error, CustomStringConvertible {
    case badKey(String)
    case cannotWriteKey(String)
    case cannotDecrypt

    /// What is wrong and how to fix it; never includes the key.
    public var description: String {
        switch self {
        case .badKey(let detail):
            "TOKEN_ENCRYPTION_KEY is invalid: \(detail) (expected 32 bytes as base64 or 64 hex characters)"
        case .cannotWriteKey(let detail): "cannot write the generated encryption key: \(detail)"
        case .cannotDecrypt: "stored secret cannot be decrypted with the configured key"
        }
    }
}

/// Encrypts secrets at rest (Strava tokens) with AES-256-GCM. Output: base64 of nonce ‖ ciphertext ‖ tag.
public struct TokenCipher: Sendable {
    let key: SymmetricKey

    /// A cipher using `key` (256 bits for AES-256).
    public init(key: SymmetricKey) {
        self.key = key
    }

    /// Parses a 32-byte key given as base64 or 64 hex characters.
    public init(encodedKey: String) throws {
        let trimmed = encodedKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, let bytes = Self.hexBytes(trimmed) {
            self.init(key: SymmetricKey(data: bytes))
        } else if let data = Data(base64Encoded: trimmed), data.count == 32 {
            self.init(key: SymmetricKey(data: data))
        } else {
            throw SecretError.badKey("not 32 bytes")
        }
    }

    /// Loads the key from `configured` when set, else from `<dataDir>/secret.key`, generating that file (mode 0600)
    /// on first start.
    public static func load(configured: String?, dataDirectory: String) throws -> TokenCipher {
        if let configured, !configured.isEmpty { return try TokenCipher(encodedKey: configured) }
        let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("secret.key").path
        if let existing = FileManager.default.contents(atPath: path),
            let text = String(data: existing, encoding: .utf8)
        {
            return try TokenCipher(encodedKey: text)
        }
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw SecretError.cannotWriteKey(error.localizedDescription)
        }
        let key = SymmetricKey(size: .bits256)
        let encoded = key.withUnsafeBytes { Data($0).base64EncodedString() }
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data((encoded + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else { throw SecretError.cannotWriteKey(path) }
        return TokenCipher(key: key)
    }

    /// Encrypts `plaintext` with a fresh random nonce; returns the base64 text to store.
    public func seal(_ plaintext: String) throws -> String {
        let box = try AES.GCM.seal(Data(plaintext.utf8), using: key)
        guard let combined = box.combined else { throw SecretError.cannotDecrypt }
        return combined.base64EncodedString()
    }

    /// Decrypts text from ``seal(_:)``; throws ``SecretError/cannotDecrypt`` when it is malformed, tampered with
    /// or sealed under another key.
    public func open(_ sealed: String) throws -> String {
        guard let data = Data(base64Encoded: sealed),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key),
            let text = String(data: plain, encoding: .utf8)
        else { throw SecretError.cannotDecrypt }
        return text
    }

    static func hexBytes(_ hex: String) -> Data? {
        var data = Data(capacity: hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            data.append(byte)
            index = next
        }
        return data
    }
}

/// Random tokens and hashes for sessions, OAuth state and club codes.
public enum Tokens {
    /// URL-safe random token of `bytes` random bytes.
    public static func random(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Lower-case hex SHA-256, used to store session ids and codes without keeping the secret itself.
    public static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Lower-case hex SHA-256 of bytes (content keys, such as a ride file's).
    public static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// Constant-time comparison of two strings.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// HMAC-SHA256 hex of `message` under `key`.
    public static func hmac(_ message: String, key: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return mac.map { String(format: "%02x", $0) }.joined()
    }
}
