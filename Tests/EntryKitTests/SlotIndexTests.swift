@testable import EntryKit
import SeededRandom
import Testing

/// The inbox's hashed index: keys live with the owner (here an array of strings indexed by slot), the
/// index keeps tags and slots. Tags are chosen by the tests where collisions must happen.
struct SlotIndexTests {
    /// An owner of slots: the keys, by slot, and an index of them.
    struct Owner {
        var keys: [String?] = []
        var index = SlotIndex()
        var tags: [UInt32] = []
        /// The tag every key gets; nil for its real tag.
        var forcedTag: ((String) -> UInt32)?

        func tag(_ key: String) -> UInt32 { forcedTag?(key) ?? SlotIndex.tag(of: key) }

        func slot(of key: String) -> Int32? {
            index.probe(tag: tag(key)) { keys[Int($0)] == key }.slot
        }

        /// Adds `key` at a new slot, replacing the slot it had; returns that old slot.
        @discardableResult
        mutating func set(_ key: String) -> Int32? {
            let slot = Int32(keys.count)
            let tag = tag(key)
            index.reserveOneMore()
            let probe = index.probe(tag: tag) { keys[Int($0)] == key }
            index.set(probe, tag: tag, slot: slot)
            if let old = probe.slot { keys[Int(old)] = nil }
            keys.append(key)
            tags.append(tag)
            return probe.slot
        }

        mutating func remove(_ key: String) {
            guard let slot = slot(of: key) else { return }
            index.remove(tag: tags[Int(slot)], slot: slot)
            keys[Int(slot)] = nil
        }

        /// Closes the holes, as the inbox does.
        mutating func compact() {
            var renumbered = [Int32](repeating: -1, count: keys.count)
            var kept: [String?] = []
            var keptTags: [UInt32] = []
            for slot in keys.indices where keys[slot] != nil {
                renumbered[slot] = Int32(kept.count)
                kept.append(keys[slot])
                keptTags.append(tags[slot])
            }
            keys = kept
            tags = keptTags
            index.renumber { renumbered[Int($0)] }
        }
    }

    /// `retag` as an in-place replacement uses it: keys colliding on one home, the retagged slot's
    /// word in the middle of their run, then retagged into the same run and out of it; every other key
    /// stays reachable and the count does not change.
    @Test func retaggingASlotMovesItsWordAndKeepsEveryOtherKey() {
        var owner = Owner()
        owner.forcedTag = { $0.hasPrefix("x") ? 0x8000_0000 : SlotIndex.tag(of: $0) }
        for key in ["x1", "x2", "x3", "y"] { owner.set(key) }
        owner.index.retag(slot: 1, from: owner.tags[1], to: owner.tag("x4"))
        owner.keys[1] = "x4"
        owner.tags[1] = owner.tag("x4")
        owner.index.retag(slot: 1, from: owner.tags[1], to: owner.tag("z"))
        owner.keys[1] = "z"
        owner.tags[1] = owner.tag("z")
        #expect(owner.index.count == 4)
        #expect(owner.slot(of: "x1") == 0 && owner.slot(of: "x3") == 2 && owner.slot(of: "y") == 3)
        #expect(owner.slot(of: "z") == 1 && owner.slot(of: "x2") == nil && owner.slot(of: "x4") == nil)
    }

    /// A slot without a word (nothing to remove) gets one, and the index grows for it when full.
    @Test func retaggingASlotWithoutAWordAddsOne() {
        var owner = Owner()
        for n in 0..<12 { owner.set("key-\(n)") }
        owner.keys.append("new")
        owner.tags.append(owner.tag("new"))
        owner.index.retag(slot: 12, from: owner.tag("absent"), to: owner.tag("new"))
        #expect(owner.index.count == 13 && owner.slot(of: "new") == 12)
        for n in 0..<12 { #expect(owner.slot(of: "key-\(n)") == Int32(n)) }
    }

    @Test func anEmptyIndexFindsNothingAndRemovesNothing() {
        var index = SlotIndex()
        #expect(index.probe(tag: 7) { _ in true }.slot == nil)
        index.remove(tag: 7, slot: 0)
        #expect(index.count == 0)
    }

    @Test func growsThroughManyResizesAndFindsEveryKey() {
        var owner = Owner()
        for n in 0..<5_000 { #expect(owner.set("key-\(n)") == nil) }
        #expect(owner.index.count == 5_000)
        for n in 0..<5_000 { #expect(owner.slot(of: "key-\(n)") == Int32(n)) }
        #expect(owner.slot(of: "key-5000") == nil)
    }

    @Test func settingAKeyAgainPointsItsOneWordAtTheNewSlot() {
        var owner = Owner()
        owner.set("a")
        owner.set("b")
        #expect(owner.set("a") == 0)
        #expect(owner.index.count == 2 && owner.slot(of: "a") == 2 && owner.slot(of: "b") == 1)
    }

    /// Every key has the same tag: they are told apart by the owner's comparison alone, and removing
    /// any of them leaves the others reachable.
    @Test func collidingKeysAreToldApartAndSurviveRemovals() {
        var owner = Owner(forcedTag: { _ in 0x8000_0000 })
        for n in 0..<40 { owner.set("k\(n)") }
        for n in stride(from: 0, to: 40, by: 3) { owner.remove("k\(n)") }
        for n in 0..<40 { #expect((owner.slot(of: "k\(n)") != nil) == (n % 3 != 0)) }
        #expect(owner.index.count == 40 - 14)
    }

    /// Homes at the very end of the array: probe runs wrap to the start, and backward-shift removal
    /// must move words across the wrap.
    @Test func probeRunsThatWrapAroundSurviveRemovals() {
        var owner = Owner(forcedTag: { key in key.hasPrefix("end") ? 0xFFFF_FFFF : 0x0000_0001 })
        for n in 0..<5 { owner.set("end\(n)") }
        owner.set("start")
        owner.remove("end0")
        owner.remove("end3")
        for n in [1, 2, 4] { #expect(owner.slot(of: "end\(n)") != nil) }
        #expect(owner.slot(of: "start") != nil && owner.slot(of: "end0") == nil)
    }

    @Test func severalWordsOfOneKeyAreFoundAndRemovedOneByOne() {
        var index = SlotIndex()
        let tag = SlotIndex.tag(of: "shared")
        for slot in Int32(0)..<5 { index.insert(tag: tag, slot: slot) }
        #expect(index.probe(tag: tag) { $0 == 3 }.slot == 3)
        index.remove(tag: tag, slot: 2)
        #expect(index.probe(tag: tag) { $0 == 2 }.slot == nil)
        index.remove(tag: tag &+ 1, slot: 3)
        #expect(index.count == 4)
        var found: [Int32] = []
        while let slot = index.probe(tag: tag, where: { _ in true }).slot {
            found.append(slot)
            index.remove(tag: tag, slot: slot)
        }
        #expect(found.sorted() == [0, 1, 3, 4] && index.count == 0)
    }

    @Test func compactionRenumbersAndShrinks() {
        var owner = Owner()
        for n in 0..<2_000 { owner.set("k\(n)") }
        for n in 0..<1_990 { owner.remove("k\(n)") }
        owner.compact()
        #expect(owner.index.count == 10 && owner.keys.count == 10)
        for n in 1_990..<2_000 { #expect(owner.slot(of: "k\(n)") == Int32(n - 1_990)) }
        for n in 0..<500 { owner.set("again\(n)") }
        #expect(owner.slot(of: "again499") == 509 && owner.slot(of: "k1999") == 9)
    }

    /// Random sets, removals and compactions against a Dictionary, with real tags and with tags of
    /// only four values (every probe run long and full of collisions).
    @Test(arguments: [false, true])
    func behavesLikeADictionary(weakTags: Bool) {
        var random = SplitMix64(seed: weakTags ? 11 : 7)
        var owner = Owner(forcedTag: weakTags ? { UInt32($0.utf8.count % 4) << 30 } : nil)
        var model: [String: Int32] = [:]
        for step in 0..<6_000 {
            let key = "id-\(random.next() % 300)"
            switch random.next() % 10 {
            case 0..<5:
                #expect(owner.set(key) == model[key])
                model[key] = Int32(owner.keys.count - 1)
            case 5..<8:
                owner.remove(key)
                model[key] = nil
            case 8:
                owner.compact()
                model = Dictionary(uniqueKeysWithValues: owner.keys.indices.compactMap { slot in
                    owner.keys[slot].map { ($0, Int32(slot)) }
                })
            default:
                #expect(owner.slot(of: key) == model[key], "step \(step)")
            }
            #expect(owner.index.count == model.count)
        }
        for (key, slot) in model { #expect(owner.slot(of: key) == slot) }
    }
}
