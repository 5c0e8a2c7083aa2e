import Foundation

/// The OpenAPI 3.1 description of Club Weekly's JSON API, served at `/api/openapi.json`.
enum OpenAPIDocument {
    static let json: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Resources"),
            let data = try? Data(contentsOf: url)
        else { return Data(#"{"openapi":"3.1.0","info":{"title":"Club Weekly","version":"1.0.0"},"paths":{}}"#.utf8) }
        return data
    }()
}
