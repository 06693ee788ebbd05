extension Array where Element: Equatable {
    /// The elements without those equal to the one before: on a sorted array, each value
    /// once, without hashing (the joins sort small lists and drop repeats this way).
    func removingAdjacentDuplicates() -> [Element] {
        var unique: [Element] = []
        unique.reserveCapacity(count)
        for element in self where unique.last != element {
            unique.append(element)
        }
        return unique
    }
}
