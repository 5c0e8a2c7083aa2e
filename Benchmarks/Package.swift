// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The root package is referenced by path; SwiftPM names a path package after its folder, so read that name.
let rootName = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ClubhouseBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "WeeklyAggregation",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ClubWeekly", package: rootName),
            ],
            path: "Benchmarks/WeeklyAggregation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DashboardRendering",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ClubWeekly", package: rootName),
                .product(name: "ClubWeeklyServer", package: rootName),
            ],
            path: "Benchmarks/DashboardRendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Zone2Engine",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "JustZone2", package: rootName),
                .product(name: "ActivityFiles", package: rootName),
            ],
            path: "Benchmarks/Zone2Engine",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SportsTimePlanning",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SportsTime", package: rootName),
            ],
            path: "Benchmarks/SportsTimePlanning",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
