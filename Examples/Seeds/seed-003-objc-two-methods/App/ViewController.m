#import "ViewController.h"
#import "CustomView1.h"

@implementation ViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    CustomView1 *cv1 = [CustomView1 view];
    [self.view addSubview:cv1];
}

@end
