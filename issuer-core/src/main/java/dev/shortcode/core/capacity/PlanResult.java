package dev.shortcode.core.capacity;

import java.util.List;

/**
 * The what-if's answer: every length asked for, and which one to take.
 *
 * @param recommendedLength the shortest healthy length, else the best of those asked; null when none was asked
 * @param redisBytesPerLink  the figure used (measured, or derived from the URL length)
 * @param archiveBytesPerLink the figure used (measured, or derived from the URL length)
 */
public record PlanResult(List<PlanOption> options, Integer recommendedLength, String recommendation, double redisBytesPerLink,
        double archiveBytesPerLink) {}
