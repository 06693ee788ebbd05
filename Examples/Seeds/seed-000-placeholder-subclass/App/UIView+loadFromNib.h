#import <UIKit/UIKit.h>

@interface UIView (loadFromNib)
+ (id)loadFromNib;
- (void)copyPropertiesFromPrototype:(UIView *)proto;
@end
