/**
 * The HBase archive: every link ever created, the daily issue counts, the durable watermarks and
 * the API keys, shared by all nodes. Entry point: {@link dev.shortcode.hbase.HBaseStorage#open}.
 *
 * <h2>Tables (namespace {@code shortcode} by default)</h2>
 * <table>
 *   <caption>Row keys and cells</caption>
 *   <tr><th>table</th><th>row key</th><th>cell</th><th>value</th></tr>
 *   <tr><td>{@code links}</td><td>salt byte + UTF-8 code ({@link dev.shortcode.hbase.LinkRowKey})</td>
 *       <td>{@code l:r}, timestamp from creation time and version ({@link dev.shortcode.hbase.LinkCells})</td>
 *       <td>{@code LinkRecordCodec.encode(link)}, or empty for a removal</td></tr>
 *   <tr><td>{@code counts}</td><td>UTF-8 pool + {@code 0x00} + {@code yyyyMMdd}</td>
 *       <td>{@code c:n}</td><td>8-byte counter (Increment)</td></tr>
 *   <tr><td>{@code watermarks}</td><td>code length, two ASCII digits</td>
 *       <td>{@code w:m}</td><td>epoch and high id, two big-endian 8-byte longs</td></tr>
 *   <tr><td>{@code keys}</td><td>the key's secret hash, 64 hex characters ({@link dev.shortcode.hbase.HBaseApiKeyStore})</td>
 *       <td>{@code k:v}</td><td>{@code ApiKey.encode()} (UTF-8)</td></tr>
 * </table>
 *
 * See {@code persistence-hbase/README.md} for the reasoning and the operations view.
 */
package dev.shortcode.hbase;
