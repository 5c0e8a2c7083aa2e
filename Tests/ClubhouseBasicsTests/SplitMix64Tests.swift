import ClubhouseBasics
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("the reference sequence for seed 0 and seed 1234567")
    func referenceSequence() {
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(zero.next() == 0x06C4_5D18_8009_454F)
        var seeded = SplitMix64(seed: 1_234_567)
        #expect(seeded.next() == 6_457_827_717_110_365_317)
        #expect(seeded.next() == 3_203_168_211_198_807_973)
    }

    @Test("same seed, same numbers; the state is the seed advanced per draw")
    func deterministic() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        for _ in 0..<100 { #expect(a.next() == b.next()) }
        #expect(a == b)
        #expect(a.state == 42 &+ 100 &* 0x9E37_79B9_7F4A_7C15)
        #expect(SplitMix64.mix(42) == SplitMix64(seed: 42).nextValue())
    }

    @Test("index choices stay in range")
    func ranges() {
        var generator = SplitMix64(seed: 7)
        for bound in [0, 1, 2, 3, 10, 1000] {
            for _ in 0..<200 {
                let a = generator.int(below: bound)
                let b = generator.moduloIndex(below: bound)
                #expect(a >= 0 && a < max(1, bound))
                #expect(b >= 0 && b < max(1, bound))
                let u = generator.unit()
                #expect(u >= 0 && u < 1)
            }
        }
        #expect(generator.pick([Int](), fallback: -1) == -1)
    }

    @Test("both shuffles are permutations and reproducible")
    func shuffles() {
        let items = Array(0..<50)
        var a = SplitMix64(seed: 9)
        var shuffled = items
        a.shuffle(&shuffled)
        #expect(shuffled.sorted() == items)
        var b = SplitMix64(seed: 9)
        var again = items
        b.shuffle(&again)
        #expect(again == shuffled)
        var c = SplitMix64(seed: 9)
        let modulo = c.moduloShuffled(items)
        #expect(modulo.sorted() == items)
        var d = SplitMix64(seed: 9)
        #expect(d.moduloShuffled(items) == modulo)
    }

    @Test("FNV-1a of known strings")
    func fnv() {
        #expect(SplitMix64.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(SplitMix64.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(SplitMix64.fnv1a("foobar") == 0x8594_4171_F739_67E8)
    }
}

extension SplitMix64 {
    fileprivate func nextValue() -> UInt64 {
        var copy = self
        return copy.next()
    }
}
