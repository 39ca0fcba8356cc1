import {
  CalendarClockIcon,
  FilePenLineIcon,
  FileTextIcon,
  ImagesIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  MonitorPlayIcon,
  NewspaperIcon,
  PackageIcon,
  PencilLineIcon,
  SendIcon,
  SettingsIcon,
  TagsIcon,
  UserRoundIcon,
  UsersIcon,
  WebhookIcon,
  WrenchIcon,
} from "lucide-react";
import { canManageEmployees, type RoleHolder } from "#common/access.ts";

/**
 * The dashboard's sections (docs/product/dashboard.md#dashboard-shell), in sidebar order and
 * groups. Each has its own address, /dashboard/{id} (the overview is /dashboard itself), so a
 * section can be linked and the back button works.
 */
export const SECTION_IDS = [
  "overview",
  "create",
  "posts",
  "scheduled",
  "drafts",
  "marketplace",
  "tags",
  "media",
  "employees",
  "news",
  "apps",
  "videos",
  "mailing-list",
  "newsletters",
  "settings",
  "integrations",
  "outbox",
  "account",
] as const;

export type SectionId = (typeof SECTION_IDS)[number];

export type DashboardSection = {
  id: SectionId;
  label: string;
  icon: LucideIcon;
  /** Shown only to those who may manage employees and settings (admins and the owner). */
  adminOnly?: boolean;
};

export type DashboardSectionGroup = { label: string; sections: DashboardSection[] };

export const DASHBOARD_SECTION_GROUPS: DashboardSectionGroup[] = [
  {
    label: "Content Management",
    sections: [
      { id: "overview", label: "Dashboard", icon: LayoutDashboardIcon },
      { id: "create", label: "Create Post", icon: PencilLineIcon },
      { id: "posts", label: "All Posts", icon: FileTextIcon },
      { id: "scheduled", label: "Scheduled", icon: CalendarClockIcon },
      { id: "drafts", label: "Drafts", icon: FilePenLineIcon },
      { id: "marketplace", label: "Marketplace Content", icon: PackageIcon },
      { id: "tags", label: "Tags", icon: TagsIcon },
      { id: "media", label: "Media", icon: ImagesIcon },
    ],
  },
  {
    label: "Website Sections",
    sections: [
      { id: "employees", label: "Employees", icon: UsersIcon, adminOnly: true },
      { id: "news", label: "News Posts", icon: NewspaperIcon },
      { id: "apps", label: "Apps & Tools", icon: WrenchIcon },
      { id: "videos", label: "YouTube Videos", icon: MonitorPlayIcon },
      { id: "mailing-list", label: "Mailing List", icon: MailIcon },
      { id: "newsletters", label: "Newsletters", icon: SendIcon },
      { id: "settings", label: "Settings", icon: SettingsIcon, adminOnly: true },
      { id: "integrations", label: "Integrations", icon: WebhookIcon, adminOnly: true },
      { id: "outbox", label: "Outbox", icon: InboxIcon, adminOnly: true },
    ],
  },
  {
    label: "Your account",
    sections: [{ id: "account", label: "My account", icon: UserRoundIcon }],
  },
];

export const DEFAULT_SECTION_ID: SectionId = "overview";

/**
 * The groups with only the sections this user may open, of those the dashboard has
 * (`available`: the sections it can show).
 */
export function sectionGroupsFor(
  user: RoleHolder,
  available: ReadonlySet<string>,
): DashboardSectionGroup[] {
  return DASHBOARD_SECTION_GROUPS.map((group) => ({
    ...group,
    sections: group.sections.filter(
      (section) => available.has(section.id) && (!section.adminOnly || canManageEmployees(user)),
    ),
  })).filter((group) => group.sections.length > 0);
}

/** The section with this id if the dashboard has it and this user may open it, else null. */
export function findSection(
  id: string,
  user: RoleHolder,
  available: ReadonlySet<string>,
): DashboardSection | null {
  for (const group of sectionGroupsFor(user, available)) {
    const section = group.sections.find((candidate) => candidate.id === id);
    if (section) return section;
  }
  return null;
}

/** The address of a section, with an optional query string ("?id=..."). */
export function sectionPath(id: SectionId, search = ""): string {
  return `${id === DEFAULT_SECTION_ID ? "/dashboard" : `/dashboard/${id}`}${search}`;
}

/** The editor opening a post to edit (docs/product/editor.md#editor). */
export function editPostPath(postId: string): string {
  return `/dashboard/create?id=${encodeURIComponent(postId)}&type=post`;
}

/** The editor starting a new post, in `category` when given (docs/product/editor.md#editor). */
export function newPostPath(category?: string): string {
  return category ? `/dashboard/create?category=${category}` : sectionPath("create");
}
