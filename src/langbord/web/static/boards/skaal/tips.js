// What each of Skåål's components is, in the rulebook's words (a board puts them in `data-tip`).

export const TIPS = {
  region: "A region of Skaalland, joined by roads to three others. On your turn do one action: place a dwarf, move one along a road, prospect, harvest, build or move an Inn.",
  dwarfs: "Dwarfs of a clan in this region: the clan with the most dwarfs here may build a Royal Inn; each dwarf harvests one nugget.",
  innkeeper: "The gold ring marks the innkeeper's clan: the Inn's owner gains 1 respect for each opposing dwarf here at the start of each turn. The innkeeper harvests nothing and no rumor moves him.",
  inn: "A Royal Inn: its owner earns 1 respect per opposing dwarf in this region at the start of each of their turns. A clan with more dwarfs here takes it over; its owner may move it to any region.",
  build: "Build a Royal Inn here (your clan has the majority): one of your dwarfs becomes its innkeeper. One Inn per region; no second Inn of your own.",
  nuggets: "Gold nuggets: harvest as many as you have dwarfs here (innkeepers do not harvest); each is 1 respect. The last one taken exhausts the vein (an Ooops).",
  ooops: "The Ooops: this region is empty of gold for good; nobody can prospect here. When every region shows the Ooops, the game ends.",
  die: "The special die: 1–5 is the number of nuggets found, or the Ooops. Prospecting first advances the Prospecting Pawn one space, then rolls.",
  prospect: "Prospect: advance the Prospecting Pawn one space and roll the die; place the find in a region without an Inn or the Ooops, then a dwarf comes from every neighbouring region (the rumor).",
  find: "The find of the last roll: choose a region for it. Nuggets go where no Inn and no Ooops are; an Ooops only in an empty region.",
  rumor: "The rumor: a dwarf must come from every region joined by road to the find; where several clans are, the prospector chooses whose. Innkeepers never move.",
  road: "A road: move one of your dwarfs along it to the neighbouring region.",
  roads: "This region's roads: a dwarf moves only along a road, one region at a time.",
  track: "The respect track: each clan's Dwarf Accountant counts its respect. Passing the Prospecting Pawn hops over it (a space gained); if the pawn lands on an accountant, it steps back.",
  pawn: "The Prospecting Pawn advances one space before every roll; when it reaches \"mines closed\", nobody can prospect any more.",
  closed: "Mines closed: once the Prospecting Pawn reaches this space, prospecting is no longer possible.",
  accountant: "A Dwarf Accountant: its space on the respect track is the clan's respect + 1.",
  clan: "A clan: its respect, the dwarfs still in reserve (to place), the Royal Inns in reserve and, at the start, the dwarfs still to set up.",
};
