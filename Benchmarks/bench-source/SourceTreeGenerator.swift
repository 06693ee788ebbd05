import Foundation

/// Generates a deterministic tree of Swift and Objective-C files shaped like an iOS app's
/// views and view controllers: outlets, actions, lifecycle overrides, nib loads, comments,
/// strings, storyboard and reuse-identifier literals.
struct SourceTreeGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }

    mutating func files(count: Int) -> [(path: String, text: String)] {
        (0..<count).map { number in
            let name = "Feature\(number / 20)View\(number)"
            switch number % 4 {
            case 0, 1: return ("App/Feature\(number / 20)/\(name).swift", swiftView(name))
            case 2: return ("App/Feature\(number / 20)/\(name).h", objcHeader(name))
            default: return ("App/Feature\(number / 20)/\(name).m", objcImplementation(name))
            }
        }
    }

    private mutating func swiftView(_ name: String) -> String {
        var text = "//\n//  \(name).swift\n//  Generated for the source-index benchmark.\n//\n\nimport UIKit\n\n"
        text += "/// A reusable view whose content is designed in \(name).xib.\n"
        text += "@IBDesignable\nfinal class \(name): UIView, NibOwnerLoadable {\n"
        for outlet in 0..<(4 + next(8)) {
            text += "    @IBOutlet private weak var label\(outlet): UILabel!\n"
        }
        text += "    @IBOutlet var buttons: [UIButton]!\n    @IBOutlet var contentView: UIView!\n"
        text += "    @IBInspectable var cornerRadius: CGFloat = 4 { didSet { layer.cornerRadius = cornerRadius } }\n"
        text += "    private let formatter: DateFormatter = {\n        let formatter = DateFormatter()\n        formatter.dateFormat = \"yyyy-MM-dd'T'HH:mm\"\n        return formatter\n    }()\n\n"
        text += "    override init(frame: CGRect) {\n        super.init(frame: frame)\n        commonInit()\n    }\n\n"
        text += "    required init?(coder aDecoder: NSCoder) {\n        super.init(coder: aDecoder)\n        commonInit()\n    }\n\n"
        text += "    private func commonInit() {\n        Bundle(for: type(of: self)).loadNibNamed(String(describing: type(of: self)), owner: self, options: nil)\n"
        text += "        contentView.frame = bounds\n        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]\n        addSubview(contentView)\n    }\n\n"
        for action in 0..<(2 + next(6)) {
            text += "    @IBAction func didTap\(action)(_ sender: UIButton) {\n"
            text += "        /* Track the tap, then update the labels. */\n"
            text += "        let message = \"Tapped \\(sender.tag) at \\(formatter.string(from: Date()))\"\n"
            text += "        label0.text = message\n        delegate?.view(self, didSelect: \(action))\n    }\n\n"
        }
        text += "    func configure(with items: [String]) {\n        for (index, item) in items.enumerated() where index < buttons.count {\n"
        text += "            buttons[index].setTitle(item, for: .normal)\n        }\n        setNeedsLayout()\n    }\n}\n\n"
        text += "final class \(name)Controller: UITableViewController {\n"
        text += "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        text += "        tableView.register(UINib(nibName: \"\(name)Cell\", bundle: nil), forCellReuseIdentifier: \"\(name)Cell\")\n    }\n\n"
        text += "    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {\n"
        text += "        let cell = tableView.dequeueReusableCell(withIdentifier: \"\(name)Cell\", for: indexPath)\n        return cell\n    }\n\n"
        text += "    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {\n"
        text += "        performSegue(withIdentifier: \"show\(name)\", sender: self)\n    }\n}\n"
        return text
    }

    private mutating func objcHeader(_ name: String) -> String {
        var text = "//\n//  \(name).h\n//\n\n#import <UIKit/UIKit.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\nIB_DESIGNABLE\n"
        text += "@interface \(name) : UIView <UITableViewDataSource, UITableViewDelegate>\n"
        for outlet in 0..<(4 + next(8)) {
            text += "@property (nonatomic, weak) IBOutlet UILabel *label\(outlet);\n"
        }
        text += "@property (nonatomic, strong) IBOutletCollection(UIButton) NSArray *buttons;\n"
        text += "@property (nonatomic, assign) IBInspectable CGFloat cornerRadius;\n"
        text += "@property (nonatomic, copy, readonly) NSString *identifier;\n"
        text += "+ (instancetype)view;\n- (IBAction)buttonTapped:(id)sender;\n- (void)configureWithItems:(NSArray<NSString *> *)items animated:(BOOL)animated;\n"
        text += "@end\n\nNS_ASSUME_NONNULL_END\n"
        return text
    }

    private mutating func objcImplementation(_ name: String) -> String {
        var text = "//\n//  \(name).m\n//\n\n#import \"\(name).h\"\n#define kDefaultHeight 44.0f \\\n    + 2.0f\n\n"
        text += "static BOOL _loadingXib = NO;\n\n@interface \(name) ()\n@property (nonatomic, copy, readwrite) NSString *identifier;\n@end\n\n"
        text += "@implementation \(name)\n\n"
        text += "+ (instancetype)view {\n    NSString *className = NSStringFromClass([self class]);\n"
        text += "    return [[[NSBundle mainBundle] loadNibNamed:className owner:nil options:nil] firstObject];\n}\n\n"
        text += "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    if (_loadingXib) {\n        return self;\n    }\n    _loadingXib = YES;\n"
        text += "    typeof(self) view = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] objectAtIndex:0];\n"
        text += "    _loadingXib = NO;\n    view.frame = self.frame;\n    view.autoresizingMask = self.autoresizingMask;\n"
        text += "    view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints;\n"
        text += "    for (NSLayoutConstraint *constraint in self.constraints) {\n        id firstItem = constraint.firstItem == self ? view : constraint.firstItem;\n"
        text += "        [view addConstraint:[NSLayoutConstraint constraintWithItem:firstItem attribute:constraint.firstAttribute relatedBy:constraint.relation toItem:constraint.secondItem attribute:constraint.secondAttribute multiplier:constraint.multiplier constant:constraint.constant]];\n    }\n"
        text += "    return view;\n}\n\n"
        for action in 0..<(2 + next(6)) {
            text += "- (IBAction)buttonTapped\(action):(id)sender {\n    // Log and forward the tap.\n"
            text += "    NSLog(@\"tapped %@ in %s\", sender, __PRETTY_FUNCTION__);\n"
            text += "    [self.delegate view:self didSelectIndex:\(action) completion:^(BOOL finished) {\n        [self setNeedsLayout];\n    }];\n}\n\n"
        }
        text += "- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {\n"
        text += "    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@\"\(name)Cell\" forIndexPath:indexPath];\n"
        text += "    cell.textLabel.text = [NSString stringWithFormat:@\"Row %ld\", (long)indexPath.row];\n    return cell;\n}\n\n"
        text += "- (void)openDetail {\n    UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@\"Main\" bundle:nil];\n"
        text += "    UIViewController *detail = [storyboard instantiateViewControllerWithIdentifier:@\"\(name)Detail\"];\n"
        text += "    [self.window.rootViewController presentViewController:detail animated:YES completion:nil];\n}\n\n@end\n"
        return text
    }
}
