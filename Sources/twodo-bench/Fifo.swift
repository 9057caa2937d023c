// A first-in, first-out queue that does not shift elements on every removal.

/// A FIFO queue backed by an array and a head index; storage is compacted when half of it is spent.
struct Fifo<Element> {
    private var items: [Element] = []
    private var head = 0

    /// How many elements wait.
    var count: Int { items.count - head }
    /// Whether nothing waits.
    var isEmpty: Bool { head == items.count }
    /// The oldest element, if any.
    var first: Element? { isEmpty ? nil : items[head] }

    /// Appends at the back.
    mutating func push(_ item: Element) { items.append(item) }

    /// Removes and returns the oldest element.
    mutating func pop() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Drops everything.
    mutating func removeAll() {
        items.removeAll()
        head = 0
    }
}
