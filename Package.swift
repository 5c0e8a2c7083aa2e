// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "clubhouse",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .executable(name: "clubhouse", targets: ["Clubhouse"]),
        .library(name: "ClubhouseBasics", targets: ["ClubhouseBasics"]),
        .library(name: "ClubWeekly", targets: ["ClubWeekly"]),
        .library(name: "StravaAPI", targets: ["StravaAPI"]),
        .library(name: "JustZone2", targets: ["JustZone2"]),
        .library(name: "ActivityFiles", targets: ["ActivityFiles"]),
        .library(name: "WebUI", targets: ["WebUI"]),
        .library(name: "ClubWeeklyServer", targets: ["ClubWeeklyServer"]),
        .library(name: "SportsTime", targets: ["SportsTime"]),
        .library(name: "SportsTimeServer", targets: ["SportsTimeServer"]),
        .library(name: "TodayInSwitzerland", targets: ["TodayInSwitzerland"]),
        .library(name: "TodayInSwitzerlandServer", targets: ["TodayInSwitzerlandServer"]),
        .library(name: "StravaServer", targets: ["StravaServer"]),
        .library(name: "ClubhouseServer", targets: ["ClubhouseServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        // JustZone2's Web Bluetooth bridge: the browser relays GATT traffic over a WebSocket (`/zone2/bridge`).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.5.0"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        // Imported directly (NIOCore, HTTPTypes, AsyncKit …) and already in the graph through the packages above:
        // declared so that every target names what it imports; the versions are the ones those packages resolve.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
    ],
    targets: [
        // MARK: Cores (Foundation only)
        // Civil dates, UTC timestamps, the seeded generator and JSON text, written once for every core.
        .target(name: "ClubhouseBasics", swiftSettings: swiftSettings),
        .target(name: "ClubWeekly", dependencies: ["ClubhouseBasics"], swiftSettings: swiftSettings),
        .target(name: "StravaAPI", dependencies: ["ClubhouseBasics"], swiftSettings: swiftSettings),
        .target(name: "JustZone2", swiftSettings: swiftSettings),
        .target(name: "ActivityFiles", dependencies: ["ClubhouseBasics"], swiftSettings: swiftSettings),
        .target(
            name: "SportsTime", dependencies: ["ClubhouseBasics"], resources: [.copy("Resources")],
            swiftSettings: swiftSettings),
        .target(
            name: "TodayInSwitzerland", dependencies: ["ClubhouseBasics"], resources: [.copy("Resources")],
            swiftSettings: swiftSettings),

        // MARK: Server layer
        .target(
            name: "ServerKit",
            dependencies: [
                "ClubhouseBasics",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "StravaServer",
            dependencies: [
                "StravaAPI", "ServerKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WebUI",
            dependencies: [.product(name: "Plot", package: "Plot")],
            resources: [.copy("Assets"), .copy("Geo")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ClubWeeklyServer",
            dependencies: [
                "ClubWeekly", "ClubhouseBasics", "StravaAPI", "StravaServer", "ServerKit", "WebUI",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "JustZone2Server",
            dependencies: [
                "JustZone2", "ActivityFiles", "ServerKit", "StravaAPI", "StravaServer", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SportsTimeServer",
            dependencies: [
                "SportsTime", "ServerKit", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TodayInSwitzerlandServer",
            dependencies: [
                "TodayInSwitzerland", "ServerKit", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ClubhouseServer",
            dependencies: [
                "ServerKit", "StravaServer", "WebUI", "ClubWeeklyServer", "JustZone2Server", "SportsTimeServer",
                "TodayInSwitzerlandServer", "SportsTime", "TodayInSwitzerland", "ClubhouseBasics",
                .product(name: "Plot", package: "Plot"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "Clubhouse",
            dependencies: [
                "ClubhouseServer", "ServerKit", "ClubWeeklyServer", "WebUI", "JustZone2", "JustZone2Server",
                "SportsTime", "SportsTimeServer", "TodayInSwitzerland", "TodayInSwitzerlandServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Test support: HTTP fakes of external services on 127.0.0.1
        .target(
            name: "TestSupport",
            dependencies: [
                "StravaAPI", "ServerKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .testTarget(name: "ClubhouseBasicsTests", dependencies: ["ClubhouseBasics"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ClubWeeklyTests", dependencies: ["ClubWeekly", "ClubhouseBasics"], swiftSettings: swiftSettings),
        .testTarget(name: "StravaAPITests", dependencies: ["StravaAPI"], swiftSettings: swiftSettings),
        .testTarget(
            name: "JustZone2Tests", dependencies: ["JustZone2", "ClubhouseBasics"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ActivityFilesTests", dependencies: ["ActivityFiles", "ClubhouseBasics"], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SportsTimeTests", dependencies: ["SportsTime", "ClubhouseBasics"], resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TodayInSwitzerlandTests", dependencies: ["TodayInSwitzerland", "ClubhouseBasics"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TodayInSwitzerlandServerTests",
            dependencies: [
                "TodayInSwitzerlandServer", "TodayInSwitzerland", "ServerKit", "TestSupport", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SportsTimeServerTests",
            dependencies: [
                "SportsTimeServer", "SportsTime", "ServerKit", "TestSupport", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            exclude: ["Web/__Snapshots__"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "JustZone2ServerTests",
            dependencies: [
                "JustZone2Server", "JustZone2", "ActivityFiles", "StravaAPI", "StravaServer", "ServerKit",
                "TestSupport", "WebUI",
                .product(name: "Plot", package: "Plot"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WebUITests", dependencies: ["WebUI", .product(name: "Plot", package: "Plot")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ServerKitTests",
            dependencies: [
                "ServerKit", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ClubWeeklyServerTests",
            dependencies: [
                "ClubWeeklyServer", "ClubWeekly", "StravaAPI", "StravaServer", "ServerKit", "TestSupport", "WebUI",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ClubhouseServerTests",
            dependencies: [
                "ClubhouseServer", "ServerKit", "ClubWeeklyServer", "SportsTimeServer", "TodayInSwitzerlandServer",
                "JustZone2Server", "TestSupport", "ActivityFiles", "SportsTime", "TodayInSwitzerland",
                "ClubhouseBasics",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
