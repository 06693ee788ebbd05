#import "AvatarView.h"

@implementation AvatarView

+ (instancetype)view
{
    // The tap recognizer was added at the top of AvatarView.xib's outline, so the first
    // top-level object is no longer the view.
    AvatarView *view = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] firstObject];
    return view;
}

- (IBAction)avatarTapped:(UITapGestureRecognizer *)sender
{
    self.alpha = 0.5;
}

@end
