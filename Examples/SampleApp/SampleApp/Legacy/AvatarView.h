#import <UIKit/UIKit.h>

/// An Objective-C root-view nib with a class factory (seed 003, first method).
@interface AvatarView : UIView
@property (weak, nonatomic) IBOutlet UIImageView *imageView;
+ (instancetype)view;
@end
