#import <UIKit/UIKit.h>

@interface MyCustomView : UIView
@property (weak, nonatomic) IBOutlet UILabel *titleLabel;
@end

@interface MyCustomViewProto : MyCustomView
@end
