import UIKit

class MyCustomView: UIView {
    @IBOutlet weak var titleLabel: UILabel!
    @IBInspectable var accent: UIColor = .systemBlue
}

class MyCustomEmbeddableView: MyCustomView {
    override func awakeAfter(using aDecoder: NSCoder) -> Any? {
        let newView = (UIView.instantiateViewFromNib("MyCustomView") as MyCustomView?)!
        for constraint in constraints {
            if constraint.secondItem != nil {
                newView.addConstraint(NSLayoutConstraint(item: newView, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: newView, attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant))
            } else {
                newView.addConstraint(NSLayoutConstraint(item: newView, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: constraint.constant))
            }
        }
        return newView as Any
    }
}
