package dev.shortcode.core.lease;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Reserved codes in append-only files under a directory, one per code length
 * ({@code reserved-<length>}), each line the time in milliseconds and the code, synced before
 * {@link #add} returns. For one process: tests of the block sources beside {@link FileWatermarkStore}.
 */
public final class FileReservedCodes implements ReservedCodes {

    private final Path directory;

    public FileReservedCodes(Path directory) {
        this.directory = directory;
    }

    @Override
    public synchronized void add(int codeLength, String code) {
        if (all(codeLength).contains(code)) {
            return;
        }
        byte[] line = (System.currentTimeMillis() + " " + code + "\n").getBytes(StandardCharsets.US_ASCII);
        try (FileChannel channel = FileChannel.open(fileOf(codeLength), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            channel.write(ByteBuffer.wrap(line));
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reserve " + code, e);
        }
    }

    @Override
    public List<String> all(int codeLength) {
        return addedSince(codeLength, Long.MIN_VALUE);
    }

    @Override
    public synchronized List<String> addedSince(int codeLength, long sinceMillis) {
        try {
            LinkedHashSet<String> codes = new LinkedHashSet<>();
            for (String line : Files.readAllLines(fileOf(codeLength), StandardCharsets.US_ASCII)) {
                String[] parts = line.split(" ");
                if (Long.parseLong(parts[0]) >= sinceMillis) {
                    codes.add(parts[1]);
                }
            }
            return new ArrayList<>(codes);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read reserved codes of length " + codeLength, e);
        }
    }

    private Path fileOf(int codeLength) {
        return directory.resolve("reserved-" + codeLength);
    }
}
