package dev.shortcode.core.code;

/**
 * Turns ids of one epoch of one pool into codes and back: permutation, then fixed-length base62.
 * Immutable and thread-safe; the allocator keeps one per epoch it hands out.
 */
public final class CodeCodec {

    private final CodeSpace space;
    private final long epoch;
    private final CodePermutation permutation;

    public CodeCodec(CodeSpace space, long epoch, byte[] secret) {
        this.space = space;
        this.epoch = epoch;
        this.permutation = CodePermutation.of(space, epoch, secret);
    }

    public CodeSpace space() {
        return space;
    }

    public long epoch() {
        return epoch;
    }

    public String encode(long id) {
        return Base62.encode(permutation.permute(id), space.length());
    }

    /**
     * The id behind a code of this epoch, or -1 when the string cannot be a code of this space
     * (wrong length, a character outside the alphabet, a value beyond capacity).
     */
    public long decode(CharSequence code) {
        long value = space.valueOf(code);
        return value < 0 ? -1 : permutation.invert(value);
    }
}
