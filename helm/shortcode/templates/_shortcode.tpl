{{/*
The chart's name, for app.kubernetes.io/name.
*/}}
{{- define "shortcode.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The release's full name, the name of every object: the release name when it already holds the
chart's name (a release called "shortcode" makes "shortcode", not "shortcode-shortcode").
*/}}
{{- define "shortcode.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The management Service's name: the full name with a suffix, kept within 63 characters.
*/}}
{{- define "shortcode.managementName" -}}
{{- printf "%s-management" (include "shortcode.fullname" . | trunc 52 | trimSuffix "-") }}
{{- end }}

{{- define "shortcode.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
What selects this release's pods. Never changes across upgrades (a Deployment's selector is
immutable), so it holds no version.
*/}}
{{- define "shortcode.selectorLabels" -}}
app.kubernetes.io/name: {{ include "shortcode.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/*
The standard labels of every object; "component" is given by the caller.
*/}}
{{- define "shortcode.labels" -}}
{{ include "shortcode.selectorLabels" .root }}
app.kubernetes.io/version: {{ .root.Values.image.tag | default .root.Chart.AppVersion | quote }}
app.kubernetes.io/component: {{ .component }}
app.kubernetes.io/part-of: shortcode
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "shortcode.chart" .root }}
{{- end }}

{{- define "shortcode.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "shortcode.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The Secret the service's secrets are read from: the one given, or the chart's own.
*/}}
{{- define "shortcode.secretName" -}}
{{- default (include "shortcode.fullname" .) .Values.secrets.existingSecret }}
{{- end }}

{{/*
Whether the chart makes a Secret: not with existingSecret, and in embedded mode only when there is
something to put in it.
*/}}
{{- define "shortcode.ownSecret" -}}
{{- if not .Values.secrets.existingSecret }}
{{- if or (not .Values.embedded.enabled) .Values.secrets.permutationSecret .Values.secrets.adminKey }}true{{ end }}
{{- end }}
{{- end }}

{{/*
Pods of the Deployment: 1 in embedded mode (one RocksDB, one volume).
*/}}
{{- define "shortcode.replicas" -}}
{{- if .Values.embedded.enabled }}1{{ else }}{{ .Values.replicaCount }}{{ end }}
{{- end }}

{{/*
Vert.x event loops: config.eventLoops, else one per CPU the container may use (its CPU limit,
else its request, rounded up), else nothing (the framework's default of 2 per CPU the JVM sees).
Redis replies are handled on the event loops too: more loops than CPUs only adds switching.
*/}}
{{- define "shortcode.eventLoops" -}}
{{- if gt (int .Values.config.eventLoops) 0 }}
{{- .Values.config.eventLoops }}
{{- else }}
{{- $cpu := "" }}
{{- with .Values.resources }}
{{- $cpu = toString (or (dig "limits" "cpu" "" .) (dig "requests" "cpu" "" .)) }}
{{- end }}
{{- if $cpu }}
{{- if hasSuffix "m" $cpu }}
{{- max 1 (div (add (trimSuffix "m" $cpu | atoi) 999) 1000) }}
{{- else }}
{{- max 1 (ceil (float64 $cpu) | int) }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Seconds Kubernetes waits between the start of termination and SIGKILL: the preStop sleep, then
the service's own shutdown timeout, then a margin for the JVM to exit.
*/}}
{{- define "shortcode.terminationGracePeriodSeconds" -}}
{{- add .Values.config.preStopSleepSeconds .Values.config.shutdownTimeoutSeconds 10 }}
{{- end }}

{{/*
Checks the schema cannot express; each stops the release with the value's name.
*/}}
{{- define "shortcode.validate" -}}
{{- if and .Values.autoscaling.enabled (gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas)) }}
{{- fail (printf "autoscaling.minReplicas (%v) is above autoscaling.maxReplicas (%v)" .Values.autoscaling.minReplicas .Values.autoscaling.maxReplicas) }}
{{- end }}
{{- if eq (int .Values.ports.http) (int .Values.ports.management) }}
{{- fail (printf "ports.management (%v) must differ from ports.http" .Values.ports.management) }}
{{- end }}
{{- if and (not .Values.embedded.enabled) (ne .Values.redis.mode "cluster") (gt (len .Values.redis.uris) 1) }}
{{- fail (printf "redis.uris: a standalone Redis takes one URI, got %d; set redis.mode=cluster for a Cluster" (len .Values.redis.uris)) }}
{{- end }}
{{- end }}

{{/*
The container's environment besides the ConfigMap: the secrets, by reference, the pod's name as
its archiver's consumer name (Redis mode), then extraEnv. In embedded mode a secret may be
missing from an existing Secret (optional): the service then generates it into the volume.
*/}}
{{- define "shortcode.env" -}}
{{- $secretName := include "shortcode.secretName" . }}
{{- $optional := .Values.embedded.enabled }}
{{- if or .Values.secrets.existingSecret .Values.secrets.permutationSecret (not .Values.embedded.enabled) }}
- name: SHORTCODE_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: permutation-secret
      {{- if $optional }}
      optional: true
      {{- end }}
{{- end }}
{{- if or .Values.secrets.existingSecret .Values.secrets.adminKey (not .Values.embedded.enabled) }}
- name: SHORTCODE_ADMIN_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: admin-key
      {{- if $optional }}
      optional: true
      {{- end }}
{{- end }}
{{- if not .Values.embedded.enabled }}
- name: SHORTCODE_REDIS_URIS
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: redis-uris
# The pod's name: a container restarted in its pod (a crash, an OOM kill) finishes its own pending
# outbox entries at once instead of after claim-idle; no two live pods share a name.
- name: SHORTCODE_REDIS_ARCHIVER_CONSUMER
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}
