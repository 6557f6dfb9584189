import type { Registry } from 'prom-client';

type Labels = Record<string, string | number>;

/** One series: one method, route pattern and status code. */
interface Series {
  labels: { method: string; route: string; status_code: number };
  /** Answers at or under each bound, not yet summed up: bucketCounts[i] for upperBounds[i]. */
  bucketCounts: number[];
  sum: number;
  count: number;
}

/** A value of prom-client's metric interface, as its Registry formats them. */
interface MetricValue {
  metricName: string;
  labels: Labels;
  sharedLabels: Labels;
  value: number;
  /** prom-client's buckets carry one (null: this app keeps no exemplars). */
  exemplar?: null;
}

/** What a metric of prom-client's interface hands its Registry. */
interface MetricData<Value> {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: Value[];
}

/**
 * The request histogram (`http_request_duration_seconds`, by method, route pattern and status code),
 * registered in the app's prom-client registry and written out by it like prom-client's own Histogram.
 *
 * It is fed once per request, so its `observe` does only what a histogram needs: find the series by
 * its three labels, find the bucket by index. prom-client's Histogram validates, sorts and hashes the
 * labels and turns each bound into a string on every call, which cost a trivial request as much as the
 * rest of its metrics and log line together (decision 076).
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By route pattern, then status code, then method. */
  private readonly series = new Map<string, Map<number, Map<string, Series>>>();
  /** Every series, in the order first seen: the order they are written out in. */
  private ordered: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's Registry accepts any object with its metric interface (name, help, type, get).
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const series = this.seriesOf(method, route, statusCode);
    for (let i = 0; i < this.upperBounds.length; i += 1) {
      if (seconds <= (this.upperBounds[i] ?? 0)) {
        series.bucketCounts[i] = (series.bucketCounts[i] ?? 0) + 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /**
   * Found by the route, the status and the method in turn: each of them is a string or a number the
   * server already holds, where one key made of all three would be a new string to hash every time.
   */
  private seriesOf(method: string, route: string, statusCode: number): Series {
    const byStatus = kept(this.series, route, newMap<number, Map<string, Series>>);
    const byMethod = kept(byStatus, statusCode, newMap<string, Series>);
    let series = byMethod.get(method);
    if (series === undefined) {
      series = {
        labels: { method, route, status_code: statusCode },
        bucketCounts: this.upperBounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byMethod.set(method, series);
      this.ordered.push(series);
    }
    return series;
  }

  /** As prom-client's Histogram: each value's labels with its series' labels (the JSON form). */
  get(): MetricData<Omit<MetricValue, 'sharedLabels'>> {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ sharedLabels, labels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  /** What prom-client's Histogram gives its Registry: cumulative buckets, +Inf, sum and count. */
  getForPromString(): MetricData<MetricValue> {
    const values: MetricValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, bucketCounts, sum, count } of this.ordered) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += bucketCounts[i] ?? 0;
        values.push({
          metricName: bucketName,
          labels: { le },
          sharedLabels: labels,
          value: cumulative,
          exemplar: null,
        });
      });
      values.push({
        metricName: bucketName,
        labels: { le: '+Inf' },
        sharedLabels: labels,
        value: count,
        exemplar: null,
      });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
    this.ordered = [];
  }
}

/** The value under `key`, made by `make` and kept the first time it is asked for. */
function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function newMap<K, V>(): Map<K, V> {
  return new Map();
}
