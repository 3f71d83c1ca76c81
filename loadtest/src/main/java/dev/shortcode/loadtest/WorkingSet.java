package dev.shortcode.loadtest;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The short codes that redirect requests pick from. Either created through the batch API before
 * the run ({@link WorkingSetCreator}) or, with {@code --links 0}, synthetic codes for servers that
 * answer any path (the bare Vert.x baseline).
 */
public record WorkingSet(List<String> codes, boolean synthetic) {

    /** How many random codes {@code --links 0} requests. */
    public static final int SYNTHETIC_SIZE = 10_000;

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    public WorkingSet {
        codes = List.copyOf(codes);
    }

    /** Random 7-character base62 codes, reproducible from the seed. */
    public static WorkingSet synthetic(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] codes = new String[size];
        char[] chars = new char[7];
        for (int i = 0; i < size; i++) {
            for (int c = 0; c < chars.length; c++) {
                chars[c] = BASE62.charAt(random.nextInt(BASE62.length()));
            }
            codes[i] = new String(chars);
        }
        return new WorkingSet(List.of(codes), true);
    }

    public static WorkingSet none() {
        return new WorkingSet(List.of(), true);
    }

    public int size() {
        return codes.size();
    }

    public String code(int rank) {
        return codes.get(rank);
    }
}
