// Lektionen von Triangular, auf Deutsch: the words of each lesson of the game's kit
// (crates/triangular/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Einen Stein legen',
      steps: [
        {
          text: 'Der rote Stein liegt auf Feld 0,0 eines unbegrenzten Tisches aus Dreiecksfeldern. Weiß beginnt; jeder Spieler hat 24 Steine. Ein Stein kommt auf ein leeres Feld, das eine ganze Seite mit einem bereits gelegten Stein teilt, auch dem roten; Passen ist nicht erlaubt. Feld x,y zeigt nach oben, wenn x + y gerade ist: Der rote Stein zeigt nach oben, seine Seiten liegen also links, rechts und unten.',
          goal: 'Lege einen Stein an die untere Seite des roten Steins.',
          hint: 'Zwei der hervorgehobenen Felder liegen in seiner Reihe neben dem roten Stein.',
        },
        {
          text: 'Eine Ecke genügt nicht. Feld 0,1 über dem roten Stein berührt ihn und den weißen Stein 1,0 nur an Ecken, also darf dort noch niemand legen. Feld 1,0 zeigt nach unten: Seine waagerechte Seite liegt oben.',
          goal: 'Mache Feld 0,1 spielbar.',
          hint: 'Ein Feld wird frei, wenn an einer seiner Seiten ein Stein liegt. Welches Feld der Reihe 1 ist jetzt erreichbar?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Ein Dreieck werten',
      steps: [
        {
          text: 'Drei eigene Steine an den Ecken eines größeren gleichseitigen Dreiecks bringen seine Kantenlänge als Punkte. Das kleinste, mit Kantenlänge 2, hat seine beiden unteren Ecken zwei Felder auseinander in einer Reihe und seine Spitze eine Reihe höher, mittig zwischen ihnen.',
          goal: 'Vollende ein Dreieck der Kantenlänge 2 und erziele 2 Punkte.',
          hint: 'Die weißen Steine 4,0 und 6,0 sind zwei untere Ecken.',
        },
        {
          text: 'Der gelegte Stein kann jede Ecke sein: die Spitze oder jedes Ende der unteren Seite. Schwarz hat 5,1 besetzt, aber Weiß hält eine andere Spitze.',
          goal: 'Erziele noch einmal 2 Punkte.',
          hint: 'Der weiße Stein 7,1 ist die Spitze über 6,0 und einem weiteren Feld.',
        },
      ],
    },
    {
      id: 'pointing-down',
      title: 'Dreiecke mit der Spitze nach unten',
      steps: [
        {
          text: 'Dreiecke zeigen auch nach unten. Ihre Ecken sind nach unten zeigende Felder (x + y ungerade): zwei Enden der oberen Seite in einer Reihe und die Ecke darunter, mittig zwischen ihnen.',
          goal: 'Vollende ein nach unten zeigendes Dreieck.',
          hint: 'Die weißen Steine 1,0 und 3,0 zeigen beide nach unten.',
        },
        {
          text: 'Schwarz ist am Zug. Hier liegt die untere Ecke schon: Der schwarze Stein 4,-1 liegt unter 3,0 und einem weiteren Feld.',
          goal: 'Erziele für Schwarz 2 Punkte mit einem nach unten zeigenden Dreieck.',
          hint: 'Die obere Seite verläuft in Reihe 0, zwei Felder lang.',
        },
      ],
    },
    {
      id: 'bigger',
      title: 'Größere Dreiecke',
      steps: [
        {
          text: 'Ein Dreieck der Kantenlänge n bringt n Punkte: Seine unteren Ecken liegen 2n − 2 Felder auseinander, seine Spitze n − 1 Reihen höher. Was im Inneren liegt, spielt keine Rolle — hier die schwarzen Steine 5,0, 6,0 und 7,0 und ein leeres Feld.',
          goal: 'Erziele mit einem Stein 3 Punkte.',
          hint: 'Die weißen Steine 4,0 und 8,0 liegen vier Felder auseinander: Schau zwei Reihen höher.',
        },
        {
          text: 'Schwarz ist am Zug. Ein nach unten zeigendes Dreieck der Kantenlänge 3 darf alles enthalten, sogar den roten Stein: Es zählen nur seine Ecken. Ein Feld bringt hier 2 Punkte, ein anderes mehr.',
          goal: 'Erziele für Schwarz mit einem Stein 3 Punkte.',
          hint: 'Die schwarzen Steine -1,0 und 3,0 zeigen beide nach unten und liegen vier Felder auseinander.',
        },
      ],
    },
    {
      id: 'several',
      title: 'Mehrere Dreiecke auf einmal',
      steps: [
        {
          text: 'Ein Stein kann mehrere Dreiecke auf einmal vollenden, in verschiedenen Richtungen, und jedes davon zählt.',
          goal: 'Vollende mit einem Stein zwei Dreiecke.',
          hint: 'Die weißen Steine 5,1 und 7,1 sind Spitzen; unter beiden liegt ein leeres Feld.',
        },
        {
          text: 'Auch Dreiecke verschiedener Größe können eine Ecke teilen. Feld 6,0 bringt hier wieder 4 Punkte, ein anderes Feld aber mehr.',
          goal: 'Erziele mit einem Stein 5 Punkte.',
          hint: 'Suche ein Feld, das Spitze zweier Dreiecke ist, eines im anderen.',
        },
      ],
    },
    {
      id: 'red-triangle',
      title: 'Das rote Dreieck',
      steps: [
        {
          text: 'Der rote Stein gehört niemandem, kann aber eine Ecke sein. Vollendest du ein Dreieck, dessen andere zwei Ecken der rote Stein und ein eigener Stein sind, gewinnst du sofort, unabhängig vom Punktestand. Dieses Dreieck selbst bringt keine Punkte.',
          goal: 'Gewinne sofort mit einem Dreieck am roten Stein.',
          hint: 'Der rote Stein 0,0 und der weiße Stein 2,0 liegen in Reihe 0 zwei Felder auseinander.',
        },
        {
          text: 'Schwarz ist am Zug. Der rote Stein kann jede Ecke des Dreiecks sein, auch die Spitze.',
          goal: 'Gewinne sofort für Schwarz.',
          hint: 'Der rote Stein 0,0 kann die Spitze über dem schwarzen Stein -1,-1 sein.',
        },
        {
          text: 'Ein Dreieck aus dem roten Stein, einem eigenen und einem gegnerischen Stein bewirkt nichts. Hier warten beide Spieler auf ein rotes Dreieck, und Weiß ist am Zug.',
          goal: 'Gewinne sofort.',
          hint: '-1,1 würde den roten Stein mit dem schwarzen Stein -2,0 verbinden: kein Sieg für Weiß.',
        },
      ],
    },
    {
      id: 'defending',
      title: 'Ein rotes Dreieck verhindern',
      steps: [
        {
          text: 'Achte auf die roten Dreiecke deines Gegners: Kann sein nächster Stein eines vollenden, besetze dieses Feld zuerst.',
          goal: 'Lass Schwarz kein Dreieck mit dem roten Stein.',
          hint: 'Dem schwarzen Stein 2,0 und dem roten Stein fehlt eine Ecke.',
        },
        {
          text: 'Auch größere rote Dreiecke drohen, und Punkte sind nichts wert, wenn die Partie verloren ist: Ein Feld bringt Weiß hier 2 Punkte, doch dann gewinnt Schwarz.',
          goal: 'Lass Schwarz kein Dreieck mit dem roten Stein.',
          hint: 'Der rote Stein kann die Spitze eines Dreiecks der Kantenlänge 3 über dem schwarzen Stein -2,-2 sein.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Das Spielende',
      steps: [
        {
          text: 'Sind alle 48 Steine gelegt, gewinnt die höhere Punktzahl. Weiß hat alle 24 gelegt und führt 16 zu 13; der letzte Stein von Schwarz entscheidet.',
          goal: 'Gewinne mit dem letzten Stein von Schwarz nach Punkten.',
          hint: 'Schwarz braucht 4 Punkte: Einem Dreieck der Kantenlänge 4 fehlt die rechte untere Ecke.',
        },
        {
          text: 'Bei Gleichstand ist es unentschieden. Weiß führt 18 zu 12, und kein Feld bringt Schwarz 7 Punkte.',
          goal: 'Erreiche mit dem letzten Stein von Schwarz ein Unentschieden.',
          hint: 'Nur ein Feld bringt 6 Punkte: Es vollendet zwei Dreiecke, der Kantenlänge 4 und 2.',
        },
        {
          text: 'Ein rotes Dreieck beendet die Partie sofort, auch mit dem 48. Stein und unabhängig vom Punktestand; andere Dreiecke, die derselbe Stein vollendet, zählen trotzdem. Weiß führt 19 zu 5.',
          goal: 'Gewinne mit dem letzten Stein von Schwarz.',
          hint: 'Der schwarze Stein 1,1 ist die Spitze über dem roten Stein und einem leeren Feld.',
        },
      ],
    },
  ],
};
