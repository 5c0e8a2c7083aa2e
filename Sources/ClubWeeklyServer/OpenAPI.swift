import Foundation

/// The OpenAPI 3.1 description of Club Weekly's JSON API, served at `/api/openapi.json`; nil only when the resource
/// is missing from the build (the route then answers 500 rather than a made-up document).
enum OpenAPIDocument {
    static let json: Data? = Bundle.module.url(
        forResource: "openapi", withExtension: "json", subdirectory: "Resources"
    ).flatMap { try? Data(contentsOf: $0) }
}
