<?php
// Installs WordPress non-interactively and seeds what the tasks work on:
// posts, categories and pending comments. Run by the realworld test with
// the site's PHP settings (ABSPATH is the test's docroot); prints nothing
// on success.
$u = parse_url(getenv('WP_BASE'));
$_SERVER['HTTP_HOST'] = $u['host'] . ':' . $u['port'];
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require_once ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$res = wp_install('Realworld Blog', getenv('WP_ADMIN_USER'), 'admin@example.test', false, '', getenv('WP_ADMIN_PASSWORD'));
if (is_wp_error($res) || empty($res['user_id'])) {
	fwrite(STDERR, "wp_install failed\n");
	exit(1);
}
$admin = (int) $res['user_id'];
wp_set_current_user($admin);

$news = wp_insert_term('News', 'category');
$guides = wp_insert_term('Guides', 'category');
$cats = array($news['term_id'], $guides['term_id']);

// Twelve posts, oldest first, so the list shows them newest first.
$titles = array(
	'Spring opening hours', 'How to brew green tea', 'Volunteer day recap', 'Moving the office',
	'Autumn reading list', 'Garden club minutes', 'Winter market stalls', 'A guide to composting',
	'Board meeting notes', 'Summer picnic photos', 'Library card renewals', 'Bicycle repair workshop',
);
$ids = array();
foreach ($titles as $i => $title) {
	$ids[$title] = wp_insert_post(array(
		'post_title'    => $title,
		'post_content'  => '<!-- wp:paragraph --><p>' . $title . ': details for members.</p><!-- /wp:paragraph -->',
		'post_status'   => 'publish',
		'post_author'   => $admin,
		'post_category' => array($cats[$i % 2]),
		'post_date'     => sprintf('2026-0%d-%02d 10:00:00', 1 + intdiv($i, 4), 1 + $i),
	), true);
	if (is_wp_error($ids[$title])) {
		fwrite(STDERR, "wp_insert_post failed\n");
		exit(1);
	}
}

// Pending comments on one post: the moderation task approves one and
// trashes another.
$pending = array(
	array('Marta Jensen', 'marta@example.test', 'Will the workshop have spare inner tubes?'),
	array('Cheap Pills Online', 'spam@example.test', 'Buy cheap pills now at our shop'),
	array('Tomas Berg', 'tomas@example.test', 'Thanks, I will bring my own tools.'),
);
foreach ($pending as $c) {
	wp_insert_comment(array(
		'comment_post_ID'      => $ids['Bicycle repair workshop'],
		'comment_author'       => $c[0],
		'comment_author_email' => $c[1],
		'comment_content'      => $c[2],
		'comment_approved'     => 0,
	));
}
// The sample comment that came with the install stays approved.

// What the later tasks work on: a category to delete, a tag to add to a
// post, two more users (one to promote, one to delete) and the pages a
// static front page is made of.
wp_insert_term('Old announcements', 'category');
wp_insert_term('Recipes', 'post_tag');
foreach (array(array('lena', 'author'), array('piet', 'subscriber')) as $u) {
	$uid = wp_insert_user(array(
		'user_login' => $u[0],
		'user_email' => $u[0] . '@example.test',
		'user_pass'  => 'realworld-' . $u[0] . '-pass',
		'role'       => $u[1],
	));
	if (is_wp_error($uid)) {
		fwrite(STDERR, "wp_insert_user failed\n");
		exit(1);
	}
}
foreach (array('About us', 'Blog') as $title) {
	$pid = wp_insert_post(array(
		'post_title'   => $title,
		'post_content' => '<!-- wp:paragraph --><p>' . $title . '</p><!-- /wp:paragraph -->',
		'post_status'  => 'publish',
		'post_type'    => 'page',
		'post_author'  => $admin,
	), true);
	if (is_wp_error($pid)) {
		fwrite(STDERR, "wp_insert_post (page) failed\n");
		exit(1);
	}
}
