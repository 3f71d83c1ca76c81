package dev.shortcode.helm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The instructions of a Dockerfile, enough of its syntax to check one without a Docker engine:
 * comments, {@code \} line continuations, the shell form of arguments, {@code --flag} options.
 */
record DockerfileInstructions(List<Instruction> instructions) {

    /** One instruction: its keyword in upper case and its arguments split on blanks. */
    record Instruction(String keyword, List<String> args) {

        /** The arguments that are not {@code --flag=value} options. */
        List<String> operands() {
            return args.stream().filter(a -> !a.startsWith("--")).toList();
        }

        boolean hasFlag(String name) {
            return args.stream().anyMatch(a -> a.equals("--" + name) || a.startsWith("--" + name + "="));
        }
    }

    /** A COPY from the build context: its sources, relative to the context, and its destination. */
    record Copy(List<String> sources, String destination) {}

    static DockerfileInstructions read(Path dockerfile) {
        try {
            return parse(Files.readAllLines(dockerfile));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DockerfileInstructions parse(List<String> lines) {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#") || (trimmed.isEmpty() && current.isEmpty())) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                current.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            current.append(trimmed);
            String text = current.toString().strip();
            current.setLength(0);
            if (!text.isEmpty()) {
                String[] words = text.split("\\s+");
                instructions.add(new Instruction(words[0].toUpperCase(Locale.ROOT), List.of(Arrays.copyOfRange(words, 1, words.length))));
            }
        }
        return new DockerfileInstructions(instructions);
    }

    List<Instruction> all(String keyword) {
        return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
    }

    /** COPY and ADD instructions that read the build context (not {@code --from} another stage). */
    List<Copy> copiesFromContext() {
        return instructions.stream()
                .filter(i -> i.keyword().equals("COPY") || i.keyword().equals("ADD"))
                .filter(i -> !i.hasFlag("from"))
                .map(i -> {
                    List<String> operands = i.operands();
                    if (operands.size() < 2) {
                        throw new AssertionError(i.keyword() + " needs a source and a destination: " + i.args());
                    }
                    return new Copy(operands.subList(0, operands.size() - 1), operands.get(operands.size() - 1));
                })
                .toList();
    }

    /** The user of the last USER instruction (before any {@code :group}); fails if there is none. */
    String finalUser() {
        List<Instruction> users = all("USER");
        if (users.isEmpty()) {
            throw new AssertionError("the Dockerfile has no USER instruction: the image would run as root");
        }
        return users.get(users.size() - 1).args().get(0).split(":")[0];
    }
}
