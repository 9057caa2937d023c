// swift-tools-version: 6.0
// TwoDo: a shared-life line service for couples. No Swift package dependencies by design.
import PackageDescription

let package = Package(
    name: "TwoDo",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "twodo", targets: ["twodo"]),
        .executable(name: "twodo-bench", targets: ["twodo-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CPWQuality", pkgConfig: "pwquality", providers: [.apt(["libpwquality-dev"])]),
        .systemLibrary(name: "CLinux"),
        // PostgreSQL's client library, for the second store engine (issue 18).
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // The system OpenSSL (libssl, libcrypto), for the server's own TLS listener (issue 29).
        .systemLibrary(name: "CSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // The one system layer: every syscall, descriptors, epoll, SystemError, the logger, signals, TLS.
        .target(name: "TwoDoSystem", dependencies: ["CLinux", "CSSL"]),
        // The toolchain's own ICU (Foundation's) gives the TR39 confusable skeletons of user names.
        .target(name: "TwoDoCore", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(name: "TwoDoCommands", dependencies: ["TwoDoCore"]),
        // The protocol's vocabulary: reply codes, event names, catalog keys and messages; depends on nothing.
        .target(name: "TwoDoProtocol"),
        .target(
            name: "TwoDoText",
            dependencies: ["TwoDoCore", "TwoDoProtocol"],
            resources: [.embedInCode("strings_en.json"), .embedInCode("strings_tr.json")]
        ),
        .target(name: "TwoDoStore", dependencies: ["TwoDoCore", "CSQLite"]),
        // The store on PostgreSQL: libpq connections, its own migrations, the same TwoDoStorage surface.
        .target(name: "TwoDoPostgres", dependencies: ["TwoDoCore", "TwoDoStore", "CPostgres", "TwoDoSystem"]),
        // Helpers only the tests use (a throwaway PostgreSQL cluster), kept out of the product's modules.
        .target(name: "TwoDoTestSupport", dependencies: ["TwoDoPostgres"]),
        // The feature handlers: every domain command, returning outcomes; no sockets, no loop state.
        .target(
            name: "TwoDoFeatures",
            dependencies: ["TwoDoCore", "TwoDoCommands", "TwoDoProtocol", "TwoDoText", "TwoDoStore", "TwoDoSystem"]),
        // The event loop, sessions and the turn (one transaction, outcomes after COMMIT).
        .target(
            name: "TwoDoServer",
            dependencies: [
                "TwoDoCore", "TwoDoFeatures", "TwoDoProtocol", "TwoDoText", "TwoDoStore", "TwoDoPostgres",
                "TwoDoSystem",
                "CLinux",
                "CCrypt",
                "CPWQuality",
            ]
        ),
        .target(name: "TwoDoBridge", dependencies: ["TwoDoProtocol", "TwoDoSystem"]),
        // The one argument parser of every command line (twodo's subcommands and twodo-bench).
        .target(name: "TwoDoArguments"),
        .executableTarget(
            name: "twodo",
            dependencies: ["TwoDoServer", "TwoDoCore", "TwoDoStore", "TwoDoPostgres", "TwoDoBridge", "TwoDoArguments"]),
        // The RESP2 codec `twodo-bench peer` speaks to redis-server (a library so its tests can reach it).
        .target(name: "TwoDoBenchRESP"),
        .executableTarget(
            name: "twodo-bench",
            dependencies: [
                "CLinux", "TwoDoSystem", "TwoDoCommands", "TwoDoProtocol", "TwoDoArguments", "TwoDoBenchRESP",
                "CSQLite",
            ]),
        .testTarget(name: "TwoDoCoreTests", dependencies: ["TwoDoCore"]),
        .testTarget(name: "TwoDoCommandsTests", dependencies: ["TwoDoCommands"]),
        .testTarget(name: "TwoDoProtocolTests", dependencies: ["TwoDoProtocol", "TwoDoText", "TwoDoCore"]),
        .testTarget(name: "TwoDoTextTests", dependencies: ["TwoDoText", "TwoDoProtocol", "TwoDoCore"]),
        .testTarget(name: "TwoDoStoreTests", dependencies: ["TwoDoStore"]),
        .testTarget(
            name: "TwoDoPostgresTests", dependencies: ["TwoDoPostgres", "TwoDoStore", "TwoDoCore", "TwoDoTestSupport"]),
        .testTarget(name: "TwoDoServerTests", dependencies: ["TwoDoServer", "TwoDoFeatures"]),
        .testTarget(
            name: "TwoDoFeaturesTests",
            dependencies: [
                "TwoDoFeatures", "TwoDoStore", "TwoDoPostgres", "TwoDoCore", "TwoDoCommands", "TwoDoProtocol",
                "TwoDoText", "TwoDoTestSupport",
            ]),
        .testTarget(name: "TwoDoBridgeTests", dependencies: ["TwoDoBridge", "TwoDoSystem"]),
        .testTarget(name: "TwoDoSystemTests", dependencies: ["TwoDoSystem"]),
        .testTarget(name: "TwoDoArgumentsTests", dependencies: ["TwoDoArguments"]),
        .testTarget(name: "TwoDoBenchRESPTests", dependencies: ["TwoDoBenchRESP"]),
        .testTarget(
            name: "TwoDoEndToEndTests", dependencies: ["twodo", "twodo-bench", "TwoDoPostgres", "TwoDoTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
