#import <Cocoa/Cocoa.h>

/// The inspector panel's model object (a custom object in PreferencesWindow.xib).
@interface InspectorController : NSObject
{
    NSString *note;
}
@property (nonatomic, strong) NSColor *selectedColor;
@property (copy) NSString *title, *subtitle;
- (BOOL)isLocked;
@end

/// Answers any key from a dictionary.
@interface DynamicSettings : NSObject
@end
