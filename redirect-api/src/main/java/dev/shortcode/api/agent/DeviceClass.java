package dev.shortcode.api.agent;

/** The kind of device a User-Agent says it runs on; see {@link UserAgents#device(String)} for the rules. */
public enum DeviceClass {
    IOS,
    ANDROID,
    DESKTOP,
    OTHER
}
