import UIKit

/// Drawn entirely in code and created with `SparklineView(frame:)`.
final class SparklineView: UIView {
    var values: [CGFloat] = []

    override func draw(_ rect: CGRect) {
        guard values.count > 1 else { return }
        let path = UIBezierPath()
        for (index, value) in values.enumerated() {
            let point = CGPoint(x: rect.width * CGFloat(index) / CGFloat(values.count - 1), y: rect.height * (1 - value))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.stroke()
    }
}
