/// Apple's own frameworks: imported by nearly every source, they are not the third-party
/// dependencies a missing class may come from.
enum PlatformModules {
    static let names: Set<String> = [
        "Foundation", "UIKit", "AppKit", "Cocoa", "CoreGraphics", "QuartzCore", "CoreData", "CoreFoundation",
        "CoreLocation", "MapKit", "AVFoundation", "AVKit", "Photos", "PhotosUI", "WebKit", "SafariServices",
        "StoreKit", "GameKit", "SpriteKit", "SceneKit", "Metal", "MetalKit", "GLKit", "OpenGLES", "ARKit",
        "CoreImage", "CoreMedia", "CoreVideo", "CoreText", "CoreAudio", "AudioToolbox", "MediaPlayer",
        "MessageUI", "Messages", "Contacts", "ContactsUI", "EventKit", "EventKitUI", "HealthKit", "HomeKit",
        "CloudKit", "Security", "LocalAuthentication", "SystemConfiguration", "MobileCoreServices",
        "UniformTypeIdentifiers", "UserNotifications", "UserNotificationsUI", "WatchKit", "WatchConnectivity",
        "ClockKit", "Intents", "IntentsUI", "NotificationCenter", "Social", "Accounts", "AddressBook",
        "AddressBookUI", "AssetsLibrary", "CoreBluetooth", "CoreMotion", "CoreTelephony", "ExternalAccessory",
        "GameController", "ImageIO", "JavaScriptCore", "MultipeerConnectivity", "NetworkExtension", "Network",
        "PassKit", "PDFKit", "QuickLook", "QuickLookUI", "ReplayKit", "Speech", "Vision", "CoreML", "NaturalLanguage",
        "SwiftUI", "Combine", "os", "Darwin", "Dispatch", "ObjectiveC", "Swift", "XCTest", "CryptoKit",
        "BackgroundTasks", "AuthenticationServices", "LinkPresentation", "Carbon", "ApplicationServices",
        "IOKit", "ServiceManagement", "ScriptingBridge", "OSAKit", "Quartz", "ImageCaptureCore", "DiskArbitration",
        "CoreServices", "PreferencePanes", "InputMethodKit", "ExceptionHandling", "SyncServices", "CoreWLAN",
        "OpenGL", "GLUT", "AppleScriptObjC", "Automator", "ExtensionKit", "WidgetKit", "ActivityKit", "Charts_SwiftUI",
        "SwiftData", "Observation", "OSLog", "CoreSpotlight", "iAd", "AdSupport", "AppTrackingTransparency",
        "Twitter", "GLKit", "MediaToolbox", "VideoToolbox", "CoreHaptics", "PencilKit", "VisionKit", "TVUIKit",
    ]
}
