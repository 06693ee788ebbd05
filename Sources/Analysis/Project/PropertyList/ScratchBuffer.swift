/// A growable run of plain values that lives only while one parse runs: appending is a
/// store and a count, with none of `Array`'s uniqueness and reference-count checks per
/// element (the property-list parser appends two to four values per byte group of a
/// `project.pbxproj`). Not copyable, so its memory has one owner and is freed once.
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        base[count] = element
        count += 1
    }

    subscript(position: Int) -> Element {
        @inline(__always) get { base[position] }
    }

    /// Appends `self[from...]` of `other` and removes them there (a container closing
    /// moves its children from the parser's pending stack to the document).
    mutating func moveTail(of other: inout ScratchBuffer<Element>, from start: Int) {
        let moved = other.count - start
        if count + moved > capacity { grow(to: max(capacity * 2, count + moved)) }
        (base + count).initialize(from: other.base + start, count: moved)
        count += moved
        other.count = start
    }

    /// Hands the elements over in their memory, which the caller now owns and frees;
    /// the buffer is empty after.
    mutating func take() -> UnsafeBufferPointer<Element> {
        let taken = UnsafeBufferPointer(start: base, count: count)
        capacity = 16
        base = .allocate(capacity: capacity)
        count = 0
        return taken
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
