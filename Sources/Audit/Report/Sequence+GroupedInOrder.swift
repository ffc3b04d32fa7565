extension Sequence {
    /// The elements grouped by `key`, each group in sequence order, the groups in the order
    /// their first element appears: the reports list findings as the audit met them.
    func groupedInOrder<Key: Hashable>(by key: (Element) -> Key) -> [(key: Key, elements: [Element])] {
        var groups: [(key: Key, elements: [Element])] = []
        var index: [Key: Int] = [:]
        for element in self {
            let k = key(element)
            if let at = index[k] {
                groups[at].elements.append(element)
            } else {
                index[k] = groups.count
                groups.append((k, [element]))
            }
        }
        return groups
    }
}
