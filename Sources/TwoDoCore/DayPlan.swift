// The 1-3-5 day plan: regions, buckets and their capacity, plan statuses, and when a day rolls over.

/// A part of a planned day.
public enum PlanRegion: String, Sendable, CaseIterable, Comparable {
    case morning, afternoon, evening

    /// The region a local time falls in: morning before 12:00, afternoon before 18:00, evening after.
    public init(time: LocalTime) {
        self = time.hour < 12 ? .morning : time.hour < 18 ? .afternoon : .evening
    }

    private var rank: Int { PlanRegion.allCases.firstIndex(of: self)! }
    public static func < (a: PlanRegion, b: PlanRegion) -> Bool { a.rank < b.rank }
}

/// A bucket of a region: 1 must task, 3 complementary ones, 5 miscellaneous ones.
public enum PlanBucket: String, Sendable, CaseIterable, Comparable {
    case must, complementary, misc

    /// How many tasks the bucket holds in one region of one day (done ones included: the limit is the day's).
    public var capacity: Int {
        switch self {
        case .must: 1
        case .complementary: 3
        case .misc: 5
        }
    }

    private var rank: Int { PlanBucket.allCases.firstIndex(of: self)! }
    public static func < (a: PlanBucket, b: PlanBucket) -> Bool { a.rank < b.rank }
}

/// Where a plan entry stands; `done` is not stored here but is the task's own done flag.
public enum PlanStatus: String, Sendable, CaseIterable {
    /// On the board, not started.
    case todo
    /// On the board, started (`start`).
    case inProgress = "in_progress"
    /// In the backlog: deferred by hand or by the rollover (no bucket then).
    case deferred
    /// The task is done (derived from the task; never stored).
    case done
}

/// A task's plan entry: who planned it for which day, where on the board, and how it stands.
public struct TaskPlan: Sendable, Equatable {
    /// The person whose day it is on.
    public var user: UserID
    /// Their name.
    public var userName: String
    /// The local date (in that person's zone) it is planned for.
    public var date: LocalDate
    public var region: PlanRegion
    /// nil while in the backlog.
    public var bucket: PlanBucket?
    /// The order inside the bucket (1-based).
    public var position: Int
    /// The stored status (`todo`, `inProgress` or `deferred`); see `status(isDone:)`.
    public var stored: PlanStatus
    /// When it entered the backlog (Unix seconds), while deferred.
    public var deferredAt: Int64?

    public init(
        user: UserID, userName: String, date: LocalDate, region: PlanRegion, bucket: PlanBucket?, position: Int,
        stored: PlanStatus, deferredAt: Int64?
    ) {
        self.user = user
        self.userName = userName
        self.date = date
        self.region = region
        self.bucket = bucket
        self.position = position
        self.stored = stored
        self.deferredAt = deferredAt
    }

    /// The status shown: done when the task is done, else the stored one.
    public func status(isDone: Bool) -> PlanStatus { isDone ? .done : stored }
}

/// The rules of the day's rollover, pure: when a person's next midnight comes and how backlog rows group.
public enum DayRollover {
    /// The instant a person's entries planned for `date` roll over: the start of the next local day in `tz`
    /// (a DST day is 23 or 25 hours long; a day starting in a skipped hour starts at the first instant after).
    public static func instant(after date: LocalDate, tz: String) -> Int64 {
        Calendars.instant(of: date.adding(days: 1), at: LocalTime(hour: 0, minute: 0), tz: tz)
    }

    /// The backlog group of an entry deferred at `deferredAt`, seen on `today` in `tz`.
    public static func group(deferredAt: Int64, today: LocalDate, tz: String) -> BacklogGroup {
        let days = today.dayNumber - LocalDate(instant: deferredAt, tz: tz).dayNumber
        switch days {
        case ...0: return .today
        case 1: return .yesterday
        case 2...6: return .thisWeek
        default: return .older
        }
    }
}

/// How the backlog groups its rows, newest first.
public enum BacklogGroup: String, Sendable, CaseIterable {
    /// Deferred today.
    case today
    /// Deferred yesterday.
    case yesterday
    /// Deferred 2 to 6 days ago.
    case thisWeek = "this_week"
    /// Deferred a week ago or earlier.
    case older
}
