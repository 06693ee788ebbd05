#import <UIKit/UIKit.h>

@interface UIView (LoadNib)
// xibからUIViewを生成するメソッド（引数有りと無しの2種類）
- (UIView *)tra_loadViewFromNibNamed:(NSString *)nibName;
- (UIView *)tra_loadViewFromNib;
@end
