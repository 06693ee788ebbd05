#import <UIKit/UIKit.h>

@interface MyCustomView : UIView

@end
