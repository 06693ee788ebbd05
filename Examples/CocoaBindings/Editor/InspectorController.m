#import "InspectorController.h"

@implementation InspectorController
- (BOOL)isLocked
{
    return NO;
}
@end

@implementation DynamicSettings
{
    NSMutableDictionary *_values;
}

- (id)valueForUndefinedKey:(NSString *)key
{
    return _values[key];
}
@end
