#import "MyCustomView.h"
#import "UIView+LoadNib.h"

@implementation MyCustomView

// Interface BuilderからこのViewを生成するためのメソッドです。
- (id)initWithCoder:(NSCoder *)aDecoder
{
    self = [super initWithCoder:aDecoder];
    if (self) {
        [self customViewInit];
    }
    return self;
}

// コードからこのViewを生成するためのメソッドです。
- (id)initWithFrame:(CGRect)frame
{
    self = [super initWithFrame:frame];
    if (self) {
        [self customViewInit];
    }
    return self;
}

- (void)customViewInit
{
    // UIView+LoadNibのメソッドを使用してxibからUIViewを生成します。
    UIView *view = [self tra_loadViewFromNibNamed:@"MyCustomView"];
    [self addSubview:view];
}

@end
