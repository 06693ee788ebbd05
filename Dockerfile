# syntax=docker/dockerfile:1
# Build stage: the Swift toolchain and the -dev packages.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends zlib1g-dev libxml2-dev libyaml-dev libcurl4-openssl-dev libssl-dev libsqlite3-dev libpq-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# Every target Package.swift declares must be present, tests and benchmarks included.
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
RUN swift build -c release --product nibscan --static-swift-stdlib \
 && install -D .build/release/nibscan /out/nibscan
COPY openapi.yaml /out/openapi.yaml

# Runtime stage: only the shared libraries nibscan links (and jq, which the GitHub
# Action's entrypoint reads the counts with), and a non-root user.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends zlib1g libxml2 libyaml-0-2 libcurl4 libssl3 libsqlite3-0 libpq5 ca-certificates curl jq \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/nibscan --create-home nibscan
COPY --from=build /out/nibscan /usr/local/bin/nibscan
COPY --from=build /out/openapi.yaml /usr/local/share/nibscan/openapi.yaml
# The entrypoint runs nibscan as user nibscan (setpriv); no USER line, because GitHub runs
# the image as a Docker action (action.yml) as root, through ci/github/entrypoint.sh.
COPY ci/docker/entrypoint.sh /usr/local/bin/nibscan-entrypoint
COPY ci/github/entrypoint.sh /usr/local/bin/nibscan-github-action
RUN chmod 0755 /usr/local/bin/nibscan-entrypoint /usr/local/bin/nibscan-github-action \
 && install -d -o nibscan -g nibscan /var/lib/nibscan/data
WORKDIR /var/lib/nibscan
# Listening beyond loopback needs tokens: run with -e NIBSCAN_TOKENS='submit,read CI_TOKEN;admin ADMIN_TOKEN'
# (or mount a tokens file and set NIBSCAN_TOKENS_FILE); without any the server refuses to start.
# Set NIBSCAN_PUBLIC_URL to the address clients use, for links in reports and webhooks.
ENV NIBSCAN_HOST=0.0.0.0 NIBSCAN_PORT=8080 NIBSCAN_DATA_DIR=/var/lib/nibscan/data
ENV NIBSCAN_OPENAPI=/usr/local/share/nibscan/openapi.yaml
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/livez || exit 1
ENTRYPOINT ["/usr/local/bin/nibscan-entrypoint"]
CMD ["serve"]
