#ifndef NIBSCAN_CCURL_SHIM_H
#define NIBSCAN_CCURL_SHIM_H
#include <curl/curl.h>
#include <sys/socket.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: Swift cannot call them. One typed
   wrapper per argument kind. */
static inline CURLcode nibscan_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_write_callback(CURL *h, CURLoption o, curl_write_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_opensocket_callback(CURL *h, curl_opensocket_callback v) { return curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, v); }
static inline CURLcode nibscan_curl_setopt_xferinfo_callback(CURL *h, curl_xferinfo_callback v) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v); }
static inline CURLcode nibscan_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode nibscan_curl_setopt_read_callback(CURL *h, curl_read_callback v) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, v); }
static inline CURLcode nibscan_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode nibscan_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
#endif
