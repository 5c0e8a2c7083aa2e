import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Errors of ``TokenCipher`` and key loading.
public enum SecretError: Error, CustomStringConvertible, Equatable {
    case badKey(String)
    case badKeyFile(String)
    case cannotWriteKey(String)
    case rotationInterrupted(String)
    case missingKeyForData(String)
    case cannotDecrypt

    /// What is wrong and how to fix it; never includes the key.
    public var description: String {
        switch self {
        case .badKey(let detail):
            "TOKEN_ENCRYPTION_KEY is invalid: \(detail) (expected 32 bytes as base64 or 64 hex characters)"
        case .badKeyFile(let path):
            "\(path) cannot be read or does not hold a valid key (expected 32 bytes as base64 or 64 hex characters)"
        case .cannotWriteKey(let detail): "cannot write the generated encryption key: \(detail)"
        case .rotationInterrupted(let path):
            "\(path) exists: a key rotation was interrupted; run `clubhouse key rotate` again to finish it"
        case .missingKeyForData(let path):
            "the database holds values encrypted under a key, but neither TOKEN_ENCRYPTION_KEY nor \(path) is set: "
                + "copy the server's secret.key to \(path) (or set TOKEN_ENCRYPTION_KEY); a new key would leave them "
                + "unreadable"
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
    /// on first start. An existing file is never replaced: two processes starting together end up with one key.
    /// Refuses while `secret.key.new` exists (an interrupted ``KeyRotation``), since values may be sealed under it.
    public static func load(configured: String?, dataDirectory: String) throws -> TokenCipher {
        let pending = keyFilePath(dataDirectory: dataDirectory) + ".new"
        if configured?.isEmpty ?? true, FileManager.default.fileExists(atPath: pending) {
            throw SecretError.rotationInterrupted(pending)
        }
        if let (cipher, _) = try existing(configured: configured, dataDirectory: dataDirectory) { return cipher }
        let path = keyFilePath(dataDirectory: dataDirectory)
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw SecretError.cannotWriteKey(error.localizedDescription)
        }
        let key = SymmetricKey(size: .bits256)
        let encoded = Data((key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n").utf8)
        // Never replacing a file: when another process wrote one first, its key is the one.
        let failure = createPrivateFile(path, contents: encoded)
        if failure == EEXIST, let (cipher, _) = try existing(configured: nil, dataDirectory: dataDirectory) {
            return cipher
        }
        guard failure == 0 else { throw SecretError.cannotWriteKey("\(path): \(String(cString: strerror(failure)))") }
        try? syncDirectory(dataDirectory)
        return TokenCipher(key: key)
    }

    /// The key `load` would use, without creating anything: `configured` when set, else `<dataDir>/secret.key` when
    /// that file exists; nil when neither does. Backup and restore use it so that checking a key never writes one.
    public static func existing(configured: String?, dataDirectory: String) throws -> (TokenCipher, KeySource)? {
        if let configured, !configured.isEmpty { return (try TokenCipher(encodedKey: configured), .environment) }
        let path = keyFilePath(dataDirectory: dataDirectory)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let contents = FileManager.default.contents(atPath: path) else { throw SecretError.badKeyFile(path) }
        guard let text = String(data: contents, encoding: .utf8) else {
            throw SecretError.badKeyFile(path)
        }
        guard let cipher = try? TokenCipher(encodedKey: text) else { throw SecretError.badKeyFile(path) }
        return (cipher, .file(path))
    }

    /// Where the generated key lives in `dataDirectory`.
    public static func keyFilePath(dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("secret.key").path
    }

    /// A short public name of the key: the first 8 bytes of SHA-256 over its bytes, as 16 hex digits. It tells two
    /// keys apart (backup manifests record it) and reveals nothing usable about the key.
    public var fingerprint: String {
        let digest = key.withUnsafeBytes { SHA256.hash(data: Data($0)) }
        return digest.prefix(8).map { String(format: "%02x", $0) }.joined()
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

/// Where the token-encryption key came from: what must travel with a backup.
public enum KeySource: Sendable, Equatable, CustomStringConvertible {
    /// `TOKEN_ENCRYPTION_KEY` (environment or `.env`).
    case environment
    /// The `secret.key` file at this path.
    case file(String)

    /// `TOKEN_ENCRYPTION_KEY` or the file's path.
    public var description: String {
        switch self {
        case .environment: "TOKEN_ENCRYPTION_KEY"
        case .file(let path): path
        }
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
