package dev.shortcode.core.lease;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watermarks in small files under a directory, one per pool ({@code watermark-<length>}), each
 * replaced atomically: write a temporary file, fsync it, rename it over the old one, fsync the
 * directory. A crash at any point leaves either the old or the new mark, never a torn one.
 *
 * <p>For one process: the single-node embedded mode and tests. Nodes of a cluster share the
 * HBase-backed store instead. An fsync costs about a millisecond; it happens once per leased block.
 */
public final class FileWatermarkStore implements WatermarkStore {

    private final Path directory;
    /** Last durable mark per pool; advance() compares against it without re-reading the file. */
    private final Map<Integer, Watermark> cache = new ConcurrentHashMap<>();
    private final FileReservedCodes reserved;

    public FileWatermarkStore(Path directory) {
        this.directory = directory;
        this.reserved = new FileReservedCodes(directory);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create watermark directory " + directory, e);
        }
    }

    @Override
    public Optional<Watermark> read(int codeLength) {
        Watermark cached = cache.get(codeLength);
        if (cached != null) {
            return Optional.of(cached);
        }
        synchronized (this) {
            Optional<Watermark> stored = readFile(codeLength);
            stored.ifPresent(mark -> cache.put(codeLength, mark));
            return stored;
        }
    }

    @Override
    public synchronized void advance(int codeLength, Watermark mark) {
        Optional<Watermark> current = read(codeLength);
        if (current.isPresent() && current.get().compareTo(mark) >= 0) {
            return;
        }
        writeFile(codeLength, mark);
        cache.put(codeLength, mark);
    }

    @Override
    public ReservedCodes reservedCodes() {
        return reserved;
    }

    private Path fileOf(int codeLength) {
        return directory.resolve("watermark-" + codeLength);
    }

    private Optional<Watermark> readFile(int codeLength) {
        Path file = fileOf(codeLength);
        try {
            String[] parts = Files.readString(file, StandardCharsets.US_ASCII).trim().split(" ");
            if (parts.length != 2) {
                throw new IllegalStateException("corrupt watermark file " + file + ": expected '<epoch> <highId>'");
            }
            return Optional.of(new Watermark(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read watermark " + file, e);
        }
    }

    private void writeFile(int codeLength, Watermark mark) {
        Path target = fileOf(codeLength);
        Path temp = directory.resolve(target.getFileName() + ".tmp");
        byte[] content = (mark.epoch() + " " + mark.highId() + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(ByteBuffer.wrap(content));
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            fsyncDirectory();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make watermark " + mark + " durable in " + target, e);
        }
    }

    private void fsyncDirectory() throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // Some file systems refuse to open a directory for fsync; the rename is still atomic there.
            if (!(e.getMessage() != null && e.getMessage().contains("Is a directory"))) {
                throw e;
            }
        }
    }
}
