@testable import EntryRouter
import Testing
import EntryKit

/// The dedupe window over its table: what a duplicate says about its original, restored keys, the two
/// key spaces, and the byte forms the originals are kept in.
struct DedupeWindowTests {
    static let notice = CompiledRoute(name: "notice", target: .modal(kind: "serviceNotice", priority: 4), requires: [],
                                   actions: [:], kindSlot: 0)
    static let card = CompiledRoute(name: "card", target: .show(tab: "cards"), requires: [], actions: [:], kindSlot: nil)

    static func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

    /// Claims `key` at `milliseconds`; true when it was new.
    static func claimNew(_ window: inout DedupeWindow, _ key: DedupeKey, at milliseconds: Int64,
                         shape: CompiledRoute = card, params: RouteParams = [:]) -> Bool {
        window.claim(key, at: at(milliseconds), shape: shape, params: params) == nil
    }

    @Test func aDuplicateCarriesItsOriginalsRouteAndParams() {
        var window = DedupeWindow(window: 100, restoring: [])
        let params: RouteParams = ["id": "7", "name": "Grüße", "long": String(repeating: "x", count: 300), "": ""]
        let new = [Self.claimNew(&window, DedupeKey(senderId: "a"), at: 0, shape: Self.notice, params: params),
                   Self.claimNew(&window, DedupeKey(senderId: "b"), at: 1),
                   Self.claimNew(&window, DedupeKey(senderId: "c"), at: 2, shape: Self.notice, params: ["x": "y"])]
        #expect(new == [true, true, true])
        let a = window.claim(DedupeKey(senderId: "a"), at: Self.at(50), shape: Self.card, params: [:])
        #expect(a?.at == Self.at(0) && a?.original?.route == "notice" && a?.original?.params == params)
        let b = window.sighting(of: DedupeKey(senderId: "b"), at: Self.at(50))
        #expect(b?.original?.route == "card" && b?.original?.params == [:])
        #expect(window.sighting(of: DedupeKey(senderId: "c"), at: Self.at(50))?.original?.params == ["x": "y"])
    }

    @Test func aRetryWithTheSameRouteAndParamsIsAnsweredWithThem() {
        var window = DedupeWindow(window: 100, restoring: [])
        let params: RouteParams = ["id": "7", "name": "Grüße"]
        let first = Self.claimNew(&window, DedupeKey(senderId: "a"), at: 0, shape: Self.notice, params: params)
        let retry = window.claim(DedupeKey(senderId: "a"), at: Self.at(1), shape: Self.notice, params: params)
        let other = window.claim(DedupeKey(senderId: "a"), at: Self.at(2), shape: Self.notice, params: ["id": "8"])
        #expect(first && retry?.original?.route == "notice" && retry?.original?.params == params)
        #expect(other?.original?.route == "notice" && other?.original?.params == params)
    }

    @Test func aNoteIsRecognizedOnlyWhenRouteAndEveryParamMatch() {
        let note = OriginalNote(route: 2, params: ["a": "1", "bb": "22"])
        var arena = ByteArena()
        Self.write(note, to: &arena)
        let bytes = arena.tailBytes
        #expect(note.isWritten(as: bytes))
        #expect(!OriginalNote(route: 3, params: note.params).isWritten(as: bytes))
        #expect(!OriginalNote(route: 2, params: ["a": "1", "bb": "23"]).isWritten(as: bytes))
        #expect(!OriginalNote(route: 2, params: ["a": "1", "b": "22"]).isWritten(as: bytes))
        #expect(!OriginalNote(route: 2, params: ["a": "1"]).isWritten(as: bytes))
        #expect(!note.isWritten(as: []))
    }

    @Test func senderIdsAndFingerprintsAreApart() {
        var window = DedupeWindow(window: 100, restoring: [])
        let new = [Self.claimNew(&window, DedupeKey(senderId: "k"), at: 0),
                   Self.claimNew(&window, DedupeKey(fingerprint: "k"), at: 0),
                   Self.claimNew(&window, DedupeKey(fingerprint: "k"), at: 1)]
        #expect(new == [true, true, false])
        #expect(window.sighting(of: DedupeKey(fingerprint: "other"), at: Self.at(1)) == nil)
    }

    @Test func aKeyIsForgottenAfterTheWindowAndARepeatDoesNotExtendIt() {
        var window = DedupeWindow(window: 100, restoring: [])
        let key = DedupeKey(senderId: "x")
        let new = [Self.claimNew(&window, key, at: 0), Self.claimNew(&window, key, at: 100)]
        #expect(new == [true, false])
        #expect(window.sighting(of: key, at: Self.at(101)) == nil)
        window.prune(at: Self.at(101))
        let again = Self.claimNew(&window, key, at: 101, shape: Self.notice)
        #expect(again)
        #expect(window.sighting(of: key, at: Self.at(150))?.original?.route == "notice")
    }

    @Test func unclaimForgetsARefusedArrival() {
        var window = DedupeWindow(window: 100, restoring: [])
        let key = DedupeKey(senderId: "x")
        let first = Self.claimNew(&window, key, at: 0)
        window.unclaim(key)
        #expect(first && window.sighting(of: key, at: Self.at(0)) == nil)
        let again = Self.claimNew(&window, key, at: 1)
        #expect(again)
    }

    @Test func restoredKeysHaveNoOriginalAndArePrunedOldestFirst() {
        let keys = [SeenKey(key: "id:late", at: Self.at(50)), SeenKey(key: "launch:url:app://x", at: Self.at(10)),
                    SeenKey(key: "id:early", at: Self.at(0)), SeenKey(key: "id:late", at: Self.at(40))]
        var window = DedupeWindow(window: 100, restoring: keys)
        let late = window.sighting(of: DedupeKey(senderId: "late"), at: Self.at(60))
        #expect(late?.at == Self.at(40) && late != nil && late?.original == nil)
        #expect(window.sighting(of: DedupeKey(fingerprint: "launch:url:app://x"), at: Self.at(60)) != nil)
        window.prune(at: Self.at(115))
        #expect(window.sighting(of: DedupeKey(senderId: "early"), at: Self.at(0)) == nil)
        #expect(window.sighting(of: DedupeKey(fingerprint: "launch:url:app://x"), at: Self.at(0)) == nil)
        #expect(window.sighting(of: DedupeKey(senderId: "late"), at: Self.at(115)) != nil)
        let again = window.claim(DedupeKey(senderId: "late"), at: Self.at(120), shape: Self.card, params: [:])
        #expect(again != nil && again?.original == nil)
    }

    /// A key stored twice was seen anew after its window: its later sighting counts, and pruning the
    /// earlier one keeps it.
    @Test func aKeyStoredTwiceCountsFromItsLaterSighting() {
        let keys = [SeenKey(key: "id:again", at: Self.at(0)), SeenKey(key: "id:again", at: Self.at(150))]
        var window = DedupeWindow(window: 100, restoring: keys)
        #expect(window.sighting(of: DedupeKey(senderId: "again"), at: Self.at(200))?.at == Self.at(150))
        window.prune(at: Self.at(200))
        #expect(window.sighting(of: DedupeKey(senderId: "again"), at: Self.at(240))?.at == Self.at(150))
        #expect(window.sighting(of: DedupeKey(senderId: "again"), at: Self.at(251)) == nil)
    }

    /// A key the store returns twice at one instant is one sighting: pruned once, then new again.
    @Test func aKeyRestoredTwiceAtOneInstantIsOneSighting() {
        let keys = [SeenKey(key: "id:twice", at: Self.at(10)), SeenKey(key: "id:other", at: Self.at(10)),
                    SeenKey(key: "id:twice", at: Self.at(10))]
        var window = DedupeWindow(window: 100, restoring: keys)
        #expect(window.sighting(of: DedupeKey(senderId: "twice"), at: Self.at(50))?.at == Self.at(10))
        window.prune(at: Self.at(111))
        #expect(window.sighting(of: DedupeKey(senderId: "twice"), at: Self.at(111)) == nil)
        #expect(Self.claimNew(&window, DedupeKey(senderId: "twice"), at: 111))
        #expect(!Self.claimNew(&window, DedupeKey(senderId: "twice"), at: 112))
    }

    /// Keys restored from the store fill the index in one rebuild; claims after it grow the table step by
    /// step, and every key stays found throughout.
    @Test func manyRestoredKeysAreFoundAndNewOnesGrowTheWindow() {
        let keys = (0..<5_000).map { SeenKey(key: $0 % 3 == 0 ? "launch:url:app://\($0)" : "id:r\($0)", at: Self.at(Int64($0 / 100))) }
        var window = DedupeWindow(window: 1_000, restoring: keys)
        func isHeld(_ n: Int, at now: Int64) -> Bool {
            let key = n % 3 == 0 ? DedupeKey(fingerprint: "launch:url:app://\(n)") : DedupeKey(senderId: "r\(n)")
            return window.sighting(of: key, at: Self.at(now)) != nil
        }
        #expect((0..<5_000).allSatisfy { isHeld($0, at: 60) })
        for n in 0..<20_000 {
            #expect(Self.claimNew(&window, DedupeKey(senderId: "new\(n)"), at: 60 + Int64(n / 100)))
            if n % 1_000 == 0 { #expect(isHeld(n / 4, at: 60)) }
        }
        #expect((0..<5_000).allSatisfy { isHeld($0, at: 260) })
        #expect((0..<20_000).allSatisfy { !Self.claimNew(&window, DedupeKey(senderId: "new\($0)"), at: 300) })
        window.prune(at: Self.at(1_100))
        #expect((0..<5_000).allSatisfy { !isHeld($0, at: 1_100) })
        #expect(!Self.claimNew(&window, DedupeKey(senderId: "new19999"), at: 1_100))
    }

    @Test func varintsRoundTripAtEveryLengthBoundary() {
        let values: [UInt64] = [0, 1, 127, 128, 255, 16_383, 16_384, 1 << 32, UInt64.max >> 1, .max]
        var arena = ByteArena()
        for value in values { arena.append(atMost: Varint.maxSize) { $0.write(varint: value) } }
        #expect(values.map(Varint.size(of:)) == [1, 1, 1, 2, 2, 2, 3, 5, 9, 10])
        let bytes = arena.tailBytes
        #expect(bytes.count == 1 + 1 + 1 + 2 + 2 + 2 + 3 + 5 + 9 + 10)
        var offset = 0
        let read = values.map { _ in Varint.read(bytes, at: &offset) }
        #expect(read == values && offset == bytes.count)
    }

    @Test func anOriginalNoteReadsBackAndAnEmptyOneIsUnknown() {
        var arena = ByteArena()
        let params: RouteParams = ["a": "", "é": "ü", "k": String(repeating: "v", count: 200)]
        Self.write(OriginalNote(route: 300, params: params), to: &arena)
        let read = OriginalNote.read(arena.tailBytes)
        #expect(read?.route == 300 && read?.params == params)
        #expect(OriginalNote.read([]) == nil)
        var empty = ByteArena()
        Self.write(OriginalNote(route: 0, params: [:]), to: &empty)
        #expect(empty.tailBytes == [0, 0] && OriginalNote.read(empty.tailBytes)?.params == [:])
        // The bound holds at the widest varints: a route number of 63 bits after params of 2^14 bytes.
        var widest = ByteArena()
        let long: RouteParams = ["k": String(repeating: "v", count: 1 << 14)]
        Self.write(OriginalNote(route: .max, params: long), to: &widest)
        let wide = OriginalNote.read(widest.tailBytes)
        #expect(wide?.route == .max && wide?.params == long)
    }

    @Test func anInboxIdTagIsTheWindowsTagOfTheSenderId() {
        for id in ["", "a", "c123", "eight-by", "a sender id longer than two words", "Grüße"] {
            let tag = Array(id.utf8).withBufferView { SightingTable<KeyHash>.tag(of: $0, space: 0) }
            #expect(SlotIndex.tag(of: id) == tag, "\(id)")
        }
    }

    @Test func aClaimGivenTheIdTagFindsWhatAClaimWithoutItStored() {
        var window = DedupeWindow(window: 100, restoring: [])
        let ids = (0..<200).map { "c\($0)" }
        for (n, id) in ids.enumerated() where n % 2 == 0 {
            #expect(Self.claimNew(&window, DedupeKey(senderId: id), at: 0))
        }
        for (n, id) in ids.enumerated() {
            let repeated = window.claim(DedupeKey(senderId: id), idTag: SlotIndex.tag(of: id), at: Self.at(1),
                                        shape: Self.card, params: [:])
            #expect((repeated != nil) == (n % 2 == 0), "\(id)")
        }
        for id in ids { #expect(window.sighting(of: DedupeKey(senderId: id), at: Self.at(2)) != nil) }
        // A fingerprint is in the other space: a sender id's tag given with it is not used.
        #expect(window.claim(DedupeKey(fingerprint: "c1"), idTag: SlotIndex.tag(of: "c1"), at: Self.at(3),
                             shape: Self.card, params: [:]) == nil)
        #expect(window.sighting(of: DedupeKey(fingerprint: "c1"), at: Self.at(4)) != nil)
    }

    static func write(_ note: OriginalNote, to arena: inout ByteArena) {
        arena.append(atMost: note.maxByteCount) { note.write(to: &$0) }
    }
}
